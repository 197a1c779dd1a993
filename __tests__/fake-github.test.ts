// Contract tests for the fake GitHub REST API the action's end-to-end tests run against.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { getOctokit } from '@actions/github';
import { startFakeGitHub } from '../emulator/github/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { loadSpec, matchRoute } from '../emulator/github/openapi.ts';
import { routes } from '../emulator/github/routes.ts';
import { schemaErrors } from '../emulator/github/validate.ts';
import { scratchDir } from './support/scratch.ts';
import { webhookPayload } from './support/runner.ts';

const TOKEN = 'ghs_test_token';
const R = '/repos/Codertocat/Hello-World';
const COMMENTS = `${R}/issues/1/comments`;
const SHA = 'ffac537e6cbbf934b08745a378932722df287a53';
let gh: FakeGitHub;

beforeAll(async () => void (gh = await startFakeGitHub()));
afterEach(() => gh.reset());
afterAll(() => gh.close());

async function api(path: string, init: { method?: string; body?: unknown; raw?: string; auth?: string | null } = {}) {
  const headers: Record<string, string> = { accept: 'application/vnd.github+json' };
  if (init.auth !== null) headers.authorization = init.auth ?? `token ${TOKEN}`;
  let body: string | undefined = init.raw;
  if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${gh.url}${path}`, { method: init.method ?? 'GET', headers, body });
  const text = await res.text();
  // Response shapes are asserted per test; typing them all here would add nothing.
  const json: any = text === '' ? undefined : JSON.parse(text);
  return { status: res.status, json, link: res.headers.get('link') ?? '' };
}

function pageOf(link: string, rel: string): string | undefined {
  return new RegExp(`<[^>]*[?&]page=(\\d+)[^>]*>; rel="${rel}"`).exec(link)?.[1];
}

describe('authentication', () => {
  test('rejects missing and wrong tokens with Bad credentials, accepts token and Bearer', async () => {
    expect(await api(COMMENTS, { auth: null })).toMatchObject({ status: 401, json: { message: 'Bad credentials' } });
    expect((await api(COMMENTS, { auth: 'token nope' })).status).toBe(401);
    expect((await api(COMMENTS, { auth: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await api(COMMENTS, { auth: `token ${TOKEN}` })).status).toBe(200);
  });
});

describe('issue comments', () => {
  test('create, update, list; a missing comment is 404', async () => {
    const created = await api(COMMENTS, { method: 'POST', body: { body: 'hello' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      body: 'hello',
      user: { login: 'github-actions[bot]', type: 'Bot', id: 41898282 },
    });
    const path = `${R}/issues/comments/${created.json.id}`;
    expect(created.json.url).toBe(`${gh.url}${path}`);

    expect(gh.comments(1).map((c) => c.body)).toEqual(['hello']);
    expect(await api(path, { method: 'PATCH', body: { body: 'edited' } })).toMatchObject({
      status: 200,
      json: { body: 'edited' },
    });
    expect(gh.comments(1).map((c) => c.body)).toEqual(['edited']);

    gh.addComment(1, 'seeded');
    const listed = await api(COMMENTS);
    expect(listed.json.map((c: { body: string }) => c.body)).toEqual(['edited', 'seeded']);
    expect(listed.json[1].user).toMatchObject({ login: 'octocat', type: 'User' });
    expect((await api(`${R}/issues/2/comments`)).json).toEqual([]);
    expect(gh.addComment(3, 'beep', 'renovate[bot]').user.type).toBe('Bot');
    expect(gh.comments(3).map((c) => c.body)).toEqual(['beep']);
    expect((await api(`${R}/issues/comments/999`, { method: 'PATCH', body: { body: 'x' } })).status).toBe(404);
    expect(gh.violations).toEqual([]);
  });

  test("blank and over-long bodies get GitHub's 422 without counting as violations", async () => {
    const blank = await api(COMMENTS, { method: 'POST', body: { body: '  ' } });
    expect(blank.status === 422 && blank.json.errors).toEqual([
      { resource: 'IssueComment', code: 'missing_field', field: 'body' },
    ]);
    const long = await api(COMMENTS, { method: 'POST', body: { body: 'x'.repeat(65537) } });
    expect(long.json.errors[0].message).toMatch(/too long/);
    expect((await api(COMMENTS, { method: 'POST', body: { body: '😀'.repeat(65536) } })).status).toBe(201);
    expect(gh.violations).toEqual([]);
  });

  test('paginates with per_page, page and a Link header', async () => {
    for (let i = 0; i < 65; i++) gh.addComment(1, `c${i}`);
    const first = await api(COMMENTS);
    expect(first.json).toHaveLength(30);
    expect(pageOf(first.link, 'next')).toBe('2');
    expect(pageOf(first.link, 'last')).toBe('3');
    const last = await api(`${COMMENTS}?per_page=30&page=3`);
    expect(last.json.map((c: { body: string }) => c.body)).toEqual(['c60', 'c61', 'c62', 'c63', 'c64']);
    expect(pageOf(last.link, 'next')).toBeUndefined();
    expect(pageOf(last.link, 'prev')).toBe('2');
    expect(last.link).toContain('per_page=30');
    expect((await api(`${COMMENTS}?per_page=500`)).json).toHaveLength(65);
    expect((await api(`${COMMENTS}?per_page=100`)).link).toBe('');
  });
});

describe('reactions', () => {
  test('201 for a new reaction, 200 for a repeat, 204 on delete', async () => {
    const comment = gh.addComment(1, 'react to me');
    const path = `${R}/issues/comments/${comment.id}/reactions`;
    const first = await api(path, { method: 'POST', body: { content: 'eyes' } });
    expect(first.status).toBe(201);
    const again = await api(path, { method: 'POST', body: { content: 'eyes' } });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    const stored = {
      id: first.json.id,
      subject: 'comment',
      subjectId: comment.id,
      content: 'eyes',
      user: 'github-actions[bot]',
    };
    expect(gh.reactions()).toEqual([stored]);
    expect((await api(COMMENTS)).json[0].reactions.eyes).toBe(1);

    expect((await api(`${path}/${first.json.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(gh.reactions()).toEqual([]);
  });

  test('issue reactions, and a comment the fake did not write exists when first reacted to', async () => {
    expect((await api(`${R}/issues/7/reactions`, { method: 'POST', body: { content: 'rocket' } })).status).toBe(201);
    expect(gh.reactions()[0]).toMatchObject({ subject: 'issue', subjectId: 7, content: 'rocket' });
    // The comment of a real payload, which nobody seeded: claimed as on GitHub, not a 404.
    const { comment } = webhookPayload('issue_comment', 'created');
    const path = `${R}/issues/comments/${comment.id}/reactions`;
    expect((await api(path, { method: 'POST', body: { content: 'eyes' } })).status).toBe(201);
    expect((await api(path, { method: 'POST', body: { content: 'eyes' } })).status).toBe(200);
    expect((await api(path)).json.map((r: { content: string }) => r.content)).toEqual(['eyes']);
    // Editing needs a comment whose text the fake knows.
    expect((await api(`${R}/issues/comments/${comment.id}`, { method: 'PATCH', body: { body: 'x' } })).status).toBe(
      404,
    );
    expect(gh.violations).toEqual([]);
  });

  test('lists the reactions on a comment and on an issue, by content and in pages', async () => {
    const comment = gh.addComment(1, 'react to me');
    const onComment = `${R}/issues/comments/${comment.id}/reactions`;
    for (const content of ['eyes', 'rocket', 'heart']) await api(onComment, { method: 'POST', body: { content } });
    await api(`${R}/issues/1/reactions`, { method: 'POST', body: { content: '+1' } });
    const listed = await api(onComment);
    expect(listed.json.map((r: { content: string; user: { login: string } }) => [r.content, r.user.login])).toEqual([
      ['eyes', 'github-actions[bot]'],
      ['rocket', 'github-actions[bot]'],
      ['heart', 'github-actions[bot]'],
    ]);
    expect((await api(`${onComment}?content=rocket`)).json).toEqual([listed.json[1]]);
    expect((await api(`${onComment}?per_page=2`)).json).toHaveLength(2);
    expect(pageOf((await api(`${onComment}?per_page=2`)).link, 'next')).toBe('2');
    expect((await api(`${R}/issues/1/reactions`)).json.map((r: { content: string }) => r.content)).toEqual(['+1']);
    expect((await api(`${R}/issues/2/reactions`)).json).toEqual([]);
    expect((await api(`${onComment}?content=smile`)).status).toBe(422);
    expect(gh.violations).toEqual([expect.stringContaining('content must be one of')]);
  });
});

describe('a real webhook payload', () => {
  test('its issue and comment exist with their own ids, text and authors', async () => {
    const payload = webhookPayload('issue_comment', 'created');
    expect(gh.seedEvent(payload)).toEqual({
      issue: payload.issue.number,
      comment: payload.comment.id,
      requester: payload.comment.user.login,
    });
    const issue = await api(`${R}/issues/${payload.issue.number}`);
    expect(issue.json).toMatchObject({
      number: payload.issue.number,
      title: payload.issue.title,
      body: payload.issue.body ?? '',
      user: { login: payload.issue.user.login },
      labels: payload.issue.labels.map((label: { name: string }) => expect.objectContaining({ name: label.name })),
      state: payload.issue.state,
    });
    const match = matchRoute('GET', `${R}/issues/${payload.issue.number}`);
    const schema = match.kind === 'ok' ? match.op.responses.get(200) : undefined;
    if (schema === undefined) throw new Error('no 200 schema for GET issue');
    expect(schemaErrors(schema, issue.json, 'response')).toBeUndefined();
    const listed = await api(`${R}/issues/${payload.issue.number}/comments`);
    expect(listed.json).toEqual([
      expect.objectContaining({ id: payload.comment.id, body: payload.comment.body, user: expect.anything() }),
    ]);
    expect(listed.json[0].user.login).toBe(payload.comment.user.login);
    const path = `${R}/issues/comments/${payload.comment.id}`;
    expect((await api(path, { method: 'PATCH', body: { body: 'edited' } })).status).toBe(200);
    // Ids the fake gives out later do not collide with the payload's.
    expect(gh.addComment(payload.issue.number, 'next').id).not.toBe(payload.comment.id);
    expect(gh.violations).toEqual([]);
  });

  test('a pull request is one, and a payload without an issue seeds nothing', async () => {
    const merged = webhookPayload('pull_request', 'closed');
    expect(gh.seedEvent(merged)).toMatchObject({ issue: merged.pull_request.number });
    expect((await api(`${R}/issues/${merged.pull_request.number}`)).json.pull_request).toBeDefined();
    expect(gh.seedEvent(webhookPayload('workflow_dispatch'))).toEqual({ requester: expect.any(String) });
    expect(gh.seedEvent('not a payload')).toEqual({});
    expect(gh.seedEvent({ issue: { number: 'one' }, comment: { id: -1 } })).toEqual({});
  });
});

describe('collaborator permission', () => {
  const path = (user: string) => `${R}/collaborators/${user}/permission`;
  test('unknown users can read; set permissions are reported with legacy names', async () => {
    expect((await api(path('stranger'))).json).toMatchObject({
      permission: 'read',
      role_name: 'read',
      user: { login: 'stranger' },
    });
    for (const [user, role] of [
      ['alice', 'admin'],
      ['bob', 'maintain'],
      ['carol', 'none'],
    ] as const)
      gh.setPermission(user, role);
    expect((await api(path('alice'))).json).toMatchObject({ permission: 'admin', role_name: 'admin' });
    // GitHub maps maintain to write in 'permission'; role_name carries the real role.
    expect((await api(path('bob'))).json).toMatchObject({ permission: 'write', role_name: 'maintain' });
    expect((await api(path('carol'))).json.permission).toBe('none');
  });
});

describe('pull request files', () => {
  test('lists seeded files with changes and pagination', async () => {
    const files = Array.from({ length: 35 }, (_, i) => ({
      filename: `docs/f${i}.md`,
      status: 'modified',
      additions: i,
      deletions: 1,
    }));
    gh.setPullFiles(5, files);
    const first = await api(`${R}/pulls/5/files`);
    expect(first.json).toHaveLength(30);
    expect(first.json[2]).toMatchObject({
      filename: 'docs/f2.md',
      status: 'modified',
      additions: 2,
      deletions: 1,
      changes: 3,
    });
    expect(pageOf(first.link, 'next')).toBe('2');
    expect((await api(`${R}/pulls/5/files?page=2`)).json).toHaveLength(5);
    expect((await api(`${R}/pulls/6/files`)).json).toEqual([]);
  });
});

describe('GHES mount and repository scope', () => {
  test('serves the same API under /api/v3 and records paths without the prefix', async () => {
    for (let i = 0; i < 3; i++) gh.addComment(1, `c${i}`);
    const created = await api(`/api/v3${COMMENTS}`, { method: 'POST', body: { body: 'ghes' } });
    expect(created.status).toBe(201);
    expect(created.json.url).toBe(`${gh.url}/api/v3/repos/Codertocat/Hello-World/issues/comments/${created.json.id}`);
    const listed = await api(`/api/v3${COMMENTS}?per_page=2`);
    expect(listed.link).toContain(`${gh.url}/api/v3${COMMENTS}?per_page=2&page=2`);
    expect(gh.calls.map((c) => `${c.method} ${c.path} ${c.query}`)).toEqual([
      `POST ${COMMENTS} `,
      `GET ${COMMENTS} per_page=2`,
    ]);
    expect(gh.calls[0]?.body).toEqual({ body: 'ghes' });
  });

  test('another repository is 404 without being a violation', async () => {
    expect(await api('/repos/someone/else/issues/1/comments')).toMatchObject({
      status: 404,
      json: { message: 'Not Found' },
    });
    expect(gh.violations).toEqual([]);
  });
});

describe('OpenAPI validation', () => {
  test.each([
    ['a misspelt field', { body: { bodyx: 'a' } }, 422, /required property 'body'/],
    ['a number body', { body: { body: 5 } }, 422, /must be string/],
    ['malformed JSON', { raw: '{"body":' }, 400, /not JSON/],
  ])('a comment with %s is rejected and recorded', async (_name, init, status, reason) => {
    const res = await api(COMMENTS, { method: 'POST', ...init });
    expect(res.status).toBe(status);
    expect(gh.violations).toHaveLength(1);
    expect(gh.violations[0]).toMatch(reason);
    expect(gh.comments()).toEqual([]);
  });

  test('unknown routes, unknown methods and non-integer path params are violations', async () => {
    expect((await api(`${R}/issues/1/commentz`)).status).toBe(404);
    expect((await api(COMMENTS, { method: 'PUT', body: { body: 'x' } })).status).toBe(404);
    expect((await api(`${R}/issues/one/comments`)).status).toBe(404);
    expect((await api(`${COMMENTS}?per_page=many`)).status).toBe(422);
    const reasons = [
      'no such route',
      'has no PUT operation',
      "issue_number must be an integer, got 'one'",
      'per_page must be an integer',
    ];
    expect(gh.violations).toEqual(reasons.map((reason) => expect.stringContaining(reason)));
  });

  test('a real GitHub route the fake lacks is 501 and listed as unimplemented', async () => {
    expect((await api('/repos/Codertocat/Hello-World')).status).toBe(501);
    expect(gh.unimplemented).toEqual([expect.stringContaining('GET /repos/{owner}/{repo}')]);
    expect(gh.violations).toEqual([]);
  });

  test('a path is routed to its own template among all of GitHub’s, and a file path may hold slashes', () => {
    // Each parameter as a value no template has as a literal: only the template itself fits best.
    const pathOf = (template: string): string => template.replace(/\{[^}]+\}/g, 'p1');
    const shapes = new Map<string, number>();
    for (const { template } of loadSpec()) shapes.set(pathOf(template), (shapes.get(pathOf(template)) ?? 0) + 1);
    // Left out: GitHub's root (`GET /`, the API's index), no route of the fake's, and the few pairs
    // of templates of one shape that GitHub tells apart by their methods.
    const single = loadSpec().filter((entry) => entry.template !== '/' && shapes.get(pathOf(entry.template)) === 1);
    expect(single.length).toBeGreaterThan(700);
    for (const { template, methods } of single) {
      const path = pathOf(template);
      const [method = ''] = methods.keys();
      const match = matchRoute(method, path);
      expect(match.kind === 'ok' ? match.op.key : match.kind).toBe(`${method} ${template}`);
    }
    const file = matchRoute('GET', `${R}/contents/docs/guide/setup.md`);
    expect(file.kind === 'ok' && [file.op.key, file.params.path]).toEqual([
      'GET /repos/{owner}/{repo}/contents/{path}',
      'docs/guide/setup.md',
    ]);
  });

  test("every implemented route is an operation in GitHub's description", () => {
    for (const key of Object.keys(routes)) {
      const [method = '', template = ''] = key.split(' ');
      const match = matchRoute(method, template);
      expect(match.kind === 'ok' ? match.op.key : match.kind).toBe(key);
    }
  });
});

describe('failNext', () => {
  test('fails the given route the given number of times, then recovers', async () => {
    gh.failNext('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', 500, 2);
    const first = await api(COMMENTS, { method: 'POST', body: { body: 'a' } });
    expect(first).toMatchObject({ status: 500, json: { message: 'Server Error' } });
    expect((await api(COMMENTS)).status).toBe(200); // other operations on the same path are unaffected
    expect((await api(COMMENTS, { method: 'POST', body: { body: 'a' } })).status).toBe(500);
    expect((await api(COMMENTS, { method: 'POST', body: { body: 'a' } })).status).toBe(201);
    expect(gh.comments()).toHaveLength(1);
  });

  test('rejects routes GitHub does not have', () => {
    expect(() => gh.failNext('POST /repos/{owner}/{repo}/issue/{issue_number}/comments', 500)).toThrow(
      /not an operation/,
    );
  });

  test('a 403 is a refusal, without the headers of a rate limit; rateLimitNext answers one', async () => {
    const raw = (path: string, method = 'POST') =>
      fetch(`${gh.url}${path}`, {
        method,
        headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'a' }),
      });
    const route = 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments';
    gh.failNext(route, 403);
    const refused = await raw(COMMENTS);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('retry-after')).toBeNull();

    gh.rateLimitNext(route, { kind: 'secondary', retryAfterSeconds: 9 });
    const secondary = await raw(COMMENTS);
    expect(secondary.status).toBe(403);
    expect(secondary.headers.get('retry-after')).toBe('9');
    expect(((await secondary.json()) as { message: string }).message).toMatch(/secondary rate limit/);

    gh.rateLimitNext(route, { kind: 'primary', status: 429, resetInSeconds: 5 });
    const primary = await raw(COMMENTS);
    expect(primary.status).toBe(429);
    expect(primary.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(primary.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect((await raw(COMMENTS)).status).toBe(201);
    expect(() => gh.rateLimitNext('POST /nope', { kind: 'secondary' })).toThrow(/not an operation/);
  });

  test('hangNext leaves the route unanswered, then recovers', async () => {
    gh.hangNext('GET /repos/{owner}/{repo}/issues/{issue_number}/comments');
    const hung = fetch(`${gh.url}${COMMENTS}`, {
      headers: { authorization: `token ${TOKEN}` },
      signal: AbortSignal.timeout(300),
    });
    await expect(hung).rejects.toMatchObject({ name: 'TimeoutError' });
    expect((await api(COMMENTS)).status).toBe(200);
  });
});

describe('labels', () => {
  test("kept once each on a pull request's own labels; removing one not there is a 404", async () => {
    gh.updatePullRequest(2, { labels: [] });
    const path = `${R}/issues/2/labels`;
    await api(path, { method: 'POST', body: { labels: ['docs-agent: in flight'] } });
    const again = await api(path, { method: 'POST', body: { labels: ['Docs-Agent: in flight', 'bug'] } });
    expect(again.status).toBe(200);
    expect((again.json as { name: string }[]).map((label) => label.name)).toEqual(['docs-agent: in flight', 'bug']);
    expect(gh.pullRequest(2).labels).toEqual(['docs-agent: in flight', 'bug']);
    expect((await api(`${path}/docs-agent%3A%20in%20flight`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`${path}/docs-agent%3A%20in%20flight`, { method: 'DELETE' })).status).toBe(404);
    expect(gh.pullRequest(2).labels).toEqual(['bug']);
  });
});

describe('commit statuses', () => {
  test('are listed newest first per commit, with who wrote them; a long description is refused', async () => {
    const post = (body: unknown) => api(`${R}/statuses/${SHA}`, { method: 'POST', body });
    expect((await post({ state: 'pending', context: 'ci' })).status).toBe(201);
    expect((await post({ state: 'success', context: 'ci', description: 'done' })).status).toBe(201);
    gh.addStatus('0'.repeat(40), { context: 'other commit', description: null });
    const forged = gh.addStatus(SHA, { context: 'ci', description: 'by hand' }, 'octocat');
    const listed = await api(`${R}/commits/${SHA}/statuses?per_page=2`);
    expect(listed.json.map((s: any) => [s.description, s.creator.login, s.creator.type])).toEqual([
      ['by hand', 'octocat', 'User'],
      ['done', 'github-actions[bot]', 'Bot'],
    ]);
    expect(pageOf(listed.link, 'next')).toBe('2');
    expect(gh.statuses(SHA).map((s) => s.id)[0]).toBe(forged.id);
    const long = await post({ state: 'success', context: 'ci', description: 'x'.repeat(141) });
    expect(long).toMatchObject({ status: 422, json: { errors: [{ field: 'description' }] } });
    expect(gh.statuses(SHA)).toHaveLength(3);
  });
});

describe('workflows', () => {
  const W = `${R}/actions/workflows`;

  test('enable and disable switch a workflow known by file name or id; an unknown one is a 404', async () => {
    gh.addWorkflow('sweep.yml');
    expect((await api(`${W}/sweep.yml/disable`, { method: 'PUT' })).status).toBe(204);
    expect(gh.workflowState('sweep.yml')).toBe('disabled_manually');
    const read = await api(`${W}/sweep.yml`);
    expect(read.json).toMatchObject({ state: 'disabled_manually', path: '.github/workflows/sweep.yml' });
    expect((await api(`${W}/${(read.json as { id: number }).id}/enable`, { method: 'PUT' })).status).toBe(204);
    expect(gh.workflowState('sweep.yml')).toBe('active');
    expect((await api(`${W}/sweep.yml/enable`, { method: 'PUT' })).status).toBe(204);
    expect((await api(`${W}/other.yml/enable`, { method: 'PUT' })).status).toBe(404);
  });

  test('a token without actions: write is refused as GitHub refuses it, and the state stays', async () => {
    gh.addWorkflow('sweep.yml');
    gh.setActionsPermission('read');
    const refused = await api(`${W}/sweep.yml/disable`, { method: 'PUT' });
    expect(refused).toMatchObject({ status: 403, json: { message: 'Resource not accessible by integration' } });
    expect((await api(`${W}/sweep.yml`)).status).toBe(200);
    gh.setActionsPermission('none');
    expect((await api(`${W}/sweep.yml`)).status).toBe(403);
    expect(gh.workflowState('sweep.yml')).toBe('active');
  });
});

describe('response shapes', () => {
  test("every implemented route answers what GitHub's response schema describes", async () => {
    const comment = gh.addComment(1, 'shape');
    const reacted = gh.addComment(1, 'reacted');
    gh.setPullFiles(2, [{ filename: 'a.md', status: 'added', additions: 1, deletions: 0 }]);
    const reaction = await api(`${R}/issues/comments/${reacted.id}/reactions`, {
      method: 'POST',
      body: { content: 'heart' },
    });
    const issueReaction = await api(`${R}/issues/1/reactions`, { method: 'POST', body: { content: '+1' } });
    const [c, r] = [`${R}/issues/comments/${comment.id}`, `${R}/issues/comments/${reacted.id}/reactions`];
    gh.addWorkflow('sweep.yml');
    const calls: [string, string, unknown?][] = [
      ['GET', `${R}/collaborators/octocat/permission`],
      ['GET', `${R}/issues/1`],
      ['GET', `${R}/issues/2`],
      ['GET', `${R}/issues/1/comments`],
      ['POST', `${R}/issues/1/comments`, { body: 'x' }],
      ['GET', `${R}/actions/workflows/sweep.yml`],
      ['PUT', `${R}/actions/workflows/sweep.yml/disable`],
      ['PUT', `${R}/actions/workflows/sweep.yml/enable`],
      ['PATCH', c, { body: 'y' }],
      ['POST', `${c}/reactions`, { content: 'eyes' }],
      ['DELETE', `${r}/${reaction.json.id}`],
      ['GET', `${R}/pulls/2/files`],
      ['POST', `${R}/issues/1/reactions`, { content: 'laugh' }],
      ['GET', `${c}/reactions`],
      ['GET', `${R}/issues/1/reactions`],
      ['DELETE', `${R}/issues/1/reactions/${issueReaction.json.id}`],
      ['POST', `${R}/issues/2/labels`, { labels: ['docs-agent: in flight'] }],
      ['DELETE', `${R}/issues/2/labels/docs-agent%3A%20in%20flight`],
      ['POST', `${R}/statuses/${SHA}`, { state: 'success', context: 'ci', description: 'ok', target_url: null }],
      ['GET', `${R}/commits/${SHA}/statuses`],
      ['GET', `${R}/pulls/2`],
      ['PATCH', `${R}/pulls/2`, { state: 'closed' }],
      ['POST', `${R}/issues/2/labels`, { labels: ['docs'] }],
      ['GET', `${R}/issues`],
      [
        'GET',
        `${R}/compare/${gh.pullRequest(2).baseSha}...${gh.push(2, { message: 'm', files: [{ filename: 'a.ts', status: 'modified', additions: 1, deletions: 0, patch: '@@' }] })}`,
      ],
      [
        'POST',
        `${R}/check-runs`,
        { name: 'Docs', head_sha: SHA, status: 'in_progress', output: { title: 't', summary: 's' } },
      ],
      [
        'PATCH',
        `${R}/check-runs/${gh.checkRuns()[0]?.id ?? 4_000_000_001}`,
        { conclusion: 'success', output: { title: 't', summary: 's' } },
      ],
      ['GET', `${R}/commits/${SHA}/check-runs`],
      ['POST', `${R}/issues/1/labels`, { labels: ['docs-agent: in flight'] }],
      ['GET', `${R}/issues?labels=docs-agent%3A%20in%20flight&state=all&sort=updated&direction=asc`],
      ['DELETE', `${R}/issues/1/labels/docs-agent%3A%20in%20flight`],
      [
        'POST',
        '/graphql',
        {
          query:
            'mutation($id: ID!) { convertPullRequestToDraft(input: {pullRequestId: $id}) { pullRequest { isDraft } } }',
          variables: { id: 'PR_kwDOMg' },
        },
      ],
    ];
    const covered = new Set<string>();
    for (const [method, path, body] of calls) {
      const res = await api(path, { method, body });
      const match = matchRoute(method, path.split('?')[0] ?? path);
      if (match.kind !== 'ok') throw new Error(`${method} ${path} did not match`);
      covered.add(match.op.key);
      expect(`${method} ${path} ${res.status}`).toMatch(/ 20[014]$/);
      if (res.status === 204) continue;
      const schema = match.op.responses.get(res.status);
      if (schema === undefined) throw new Error(`no ${res.status} schema for ${match.op.key}`);
      expect(schemaErrors(schema, res.json, 'response')).toBeUndefined();
    }
    expect([...covered].sort()).toEqual(Object.keys(routes).sort());
    expect(gh.violations).toEqual([]);
  });
});

describe('through Octokit', () => {
  test.each(['', '/api/v3'])('getOctokit with baseUrl "%s" makes only valid requests', async (prefix) => {
    gh.setPermission('octocat', 'write');
    gh.setPullFiles(
      9,
      Array.from({ length: 120 }, (_, i) => ({ filename: `f${i}.md`, status: 'added', additions: 1, deletions: 0 })),
    );
    for (let i = 0; i < 150; i++) gh.addComment(1, `seed ${i}`);
    const octokit = getOctokit(TOKEN, { baseUrl: `${gh.url}${prefix}` });
    const repo = { owner: gh.owner, repo: gh.repo };
    const { data: created } = await octokit.rest.issues.createComment({
      ...repo,
      issue_number: 1,
      body: 'from octokit',
    });
    await octokit.rest.issues.updateComment({ ...repo, comment_id: created.id, body: 'edited by octokit' });
    const all = await octokit.paginate(octokit.rest.issues.listComments, { ...repo, issue_number: 1, per_page: 100 });
    expect([all.length, all[150]?.body]).toEqual([151, 'edited by octokit']);
    const reaction = await octokit.rest.reactions.createForIssueComment({
      ...repo,
      comment_id: created.id,
      content: 'eyes',
    });
    expect(reaction.status).toBe(201);
    await octokit.rest.reactions.deleteForIssueComment({
      ...repo,
      comment_id: created.id,
      reaction_id: reaction.data.id,
    });
    await octokit.rest.reactions.createForIssue({ ...repo, issue_number: 1, content: 'rocket' });
    const { data: permission } = await octokit.rest.repos.getCollaboratorPermissionLevel({
      ...repo,
      username: 'octocat',
    });
    expect(permission.permission).toBe('write');
    const files = await octokit.paginate(octokit.rest.pulls.listFiles, { ...repo, pull_number: 9, per_page: 100 });
    expect(files).toHaveLength(120);
    expect({ violations: gh.violations, unimplemented: gh.unimplemented }).toEqual({
      violations: [],
      unimplemented: [],
    });
    expect(gh.calls.every((c) => !c.path.startsWith('/api/v3'))).toBe(true);
  });
});

describe('lifecycle', () => {
  test('separate instances, reset restarts ids, close is prompt with keep-alive sockets', async () => {
    const parsed = loadSpec();
    const other = await startFakeGitHub({ owner: 'acme', repo: 'docs', token: 't' });
    // The OpenAPI description (~0.6 s to parse) is parsed once per process, not per instance.
    expect(loadSpec()).toBe(parsed);
    const headers = { authorization: 'token t', 'content-type': 'application/json' };
    const post = async (): Promise<{ id: number; user: { login: string; type: string } }> =>
      (
        await fetch(`${other.url}/repos/acme/docs/issues/1/comments`, { method: 'POST', headers, body: '{"body":"x"}' })
      ).json() as never;
    const first = await post();
    expect(first.user).toMatchObject({ login: 'github-actions[bot]', type: 'Bot' });
    expect(gh.comments()).toEqual([]);
    other.reset();
    expect(other.calls).toEqual([]);
    expect((await post()).id).toBe(first.id);
    // A half-sent request keeps its socket busy, which server.close() alone would wait out.
    const socket = connect(Number(new URL(other.url).port), '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /repos/acme/docs/issues/1 HTTP/1.1\r\nhost: 127.0.0.1\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const hung = new Promise((_, reject) => setTimeout(() => reject(new Error('close() hung')), 2000).unref());
    await Promise.race([other.close(), hung]);
    socket.destroy();
    await expect(fetch(`${other.url}/repos/acme/docs/issues/1`)).rejects.toThrow();
  });
});

describe('the command line', () => {
  // One child shows both what --event seeds and what --permission sets: each is its own fact.
  test('--event seeds the payload’s repository, issue and comment, says who may start a job; --permission sets a collaborator’s; SIGTERM ends it cleanly', async () => {
    const payload = webhookPayload('issue_comment', 'created');
    payload.repository.name = 'docs';
    payload.repository.owner.login = 'acme';
    const dir = scratchDir('fake-github-event-');
    const file = join(dir, 'event.json');
    writeFileSync(file, JSON.stringify(payload));
    const cli = new URL('../emulator/github/cli.ts', import.meta.url).pathname;
    const child = spawn(process.execPath, [cli, '--port', '0', '--event', file, '--permission', 'octocat=maintain']);
    try {
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      const deadline = Date.now() + 10_000;
      while (!output.includes('listening on') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const url = /fake GitHub API for acme\/docs listening on (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(output)?.[1];
      expect(url).toBeDefined();
      expect(output).toContain(`${file}: issue #${payload.issue.number} and comment ${payload.comment.id}`);
      expect(output).toContain(`--permission ${payload.comment.user.login}=write`);
      const headers = { authorization: 'token ghs_test_token' };
      const res = await fetch(`${url}/repos/acme/docs/issues/${payload.issue.number}/comments`, { headers });
      expect(((await res.json()) as { id: number }[]).map((c) => c.id)).toEqual([payload.comment.id]);
      const permission = await fetch(`${url}/repos/acme/docs/collaborators/octocat/permission`, { headers });
      expect(await permission.json()).toMatchObject({ role_name: 'maintain' });
      child.kill('SIGTERM');
      expect(((await once(child, 'exit')) as [number | null])[0]).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });

  test('--event that is not JSON is refused with the file named', async () => {
    const dir = scratchDir('fake-github-event-');
    const file = join(dir, 'event.json');
    writeFileSync(file, '{"issue": ');
    const cli = new URL('../emulator/github/cli.ts', import.meta.url).pathname;
    const child = spawn(process.execPath, [cli, '--event', file]);
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(errors).toContain(`--event: ${file} is not JSON`);
  });

  test('refuses a permission it does not know, saying how to write one', async () => {
    const cli = new URL('../emulator/github/cli.ts', import.meta.url).pathname;
    const child = spawn(process.execPath, [cli, '--permission', 'octocat=owner']);
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(errors).toContain('--permission takes user=level');
  });
});

describe('labels and the issue list', () => {
  const LABEL = 'docs-agent: in flight';
  const list = (query: string) => api(`${R}/issues?${query}`);

  test('a label put on and taken off an issue; the list finds labelled issues and pull requests', async () => {
    const opened = webhookPayload('pull_request', 'opened');
    const number: number = opened.pull_request.number;
    gh.seedEvent(opened);
    const pull = await api(`${R}/issues/${number}/labels`, { method: 'POST', body: { labels: [LABEL] } });
    expect(pull.status).toBe(200);
    expect(pull.json.map((label: { name: string }) => label.name)).toContain(LABEL);
    expect((await api(`${R}/issues/7/labels`, { method: 'POST', body: { labels: [LABEL] } })).status).toBe(200);
    const found = await list(`labels=${encodeURIComponent(LABEL)}&state=all&sort=updated&direction=asc&per_page=1`);
    expect(found.status).toBe(200);
    expect(found.json.map((issue: { number: number }) => issue.number)).toEqual([number]);
    expect(found.json[0].pull_request).toBeDefined();
    expect(pageOf(found.link, 'next')).toBe('2');
    const second = await list(
      `labels=${encodeURIComponent(LABEL)}&state=all&sort=updated&direction=asc&per_page=1&page=2`,
    );
    expect(
      second.json.map((issue: { number: number; pull_request?: unknown }) => [issue.number, !!issue.pull_request]),
    ).toEqual([[7, false]]);
    const path = `${R}/issues/7/labels/${encodeURIComponent(LABEL)}`;
    expect((await api(path, { method: 'DELETE' })).status).toBe(200);
    expect((await api(path, { method: 'DELETE' })).status).toBe(404);
    expect(
      (await list(`labels=${encodeURIComponent(LABEL)}&state=all`)).json.map(
        (issue: { number: number }) => issue.number,
      ),
    ).toEqual([number]);
    expect((await list('labels=other')).json).toEqual([]);
  });
});

describe("GraphQL's read of many threads", () => {
  const query = (last: number, numbers: number[]) =>
    'query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { ' +
    numbers
      .map(
        (n) =>
          `i${n}: issueOrPullRequest(number: ${n}) { __typename ... on Issue { comments(last: ${last}) { pageInfo ` +
          '{ hasPreviousPage } nodes { fullDatabaseId body author { login __typename } } } } ' +
          `... on PullRequest { comments(last: ${last}) { pageInfo { hasPreviousPage } nodes { fullDatabaseId body author { login __typename } } } } }`,
      )
      .join(' ') +
    ' } }';
  const ask = (body: unknown) => api('/graphql', { method: 'POST', body });

  test("each alias as GitHub answers it: the newest comments, a bot's as Bot, null and an error for an unknown number", async () => {
    gh.updatePullRequest(2, { labels: [] });
    const first = gh.addComment(1, 'first', 'alice');
    gh.addComment(1, 'second', 'alice');
    const third = gh.addComment(1, '<!-- docs-agent-action -->\nworking', 'github-actions[bot]');
    gh.addComment(2, 'on the pull request', 'bob');
    const variables = { owner: 'Codertocat', name: 'Hello-World' };
    const res = await ask({ query: query(2, [1, 2, 404]), variables });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: {
        repository: {
          i1: {
            __typename: 'Issue',
            comments: {
              pageInfo: { hasPreviousPage: true },
              nodes: [
                {
                  fullDatabaseId: String(first.id + 1),
                  body: 'second',
                  author: { login: 'alice', __typename: 'User' },
                },
                {
                  fullDatabaseId: String(third.id),
                  body: '<!-- docs-agent-action -->\nworking',
                  author: { login: 'github-actions', __typename: 'Bot' },
                },
              ],
            },
          },
          i2: {
            __typename: 'PullRequest',
            comments: {
              pageInfo: { hasPreviousPage: false },
              nodes: [expect.objectContaining({ body: 'on the pull request' })],
            },
          },
          i404: null,
        },
      },
      errors: [
        expect.objectContaining({
          type: 'NOT_FOUND',
          path: ['repository', 'i404'],
          message: 'Could not resolve to an issue or pull request with the number of 404.',
        }),
      ],
    });
    expect(gh.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /graphql']);
  });

  test("a GitHub Enterprise Server's endpoint, /api/graphql, answers the same", async () => {
    gh.addComment(1, 'first', 'alice');
    const body = { query: query(100, [1]), variables: { owner: 'Codertocat', name: 'Hello-World' } };
    const res = await api('/api/graphql', { method: 'POST', body });
    expect(res.json.data.repository.i1.comments.nodes).toEqual([expect.objectContaining({ body: 'first' })]);
    expect(gh.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /graphql']);
  });

  test('another repository is null, with an error', async () => {
    const res = await ask({ query: query(100, [1]), variables: { owner: 'someone', name: 'else' } });
    expect(res.json).toMatchObject({ data: { repository: null }, errors: [{ type: 'NOT_FOUND' }] });
  });
});
