/**
 * The docs label listing is bounded in pages whatever carries the label (issue 34, item 7), and
 * only pull requests with this action's signed line count toward `max-open-docs-prs`: a triager's
 * labelled issues and unsigned labelled pull requests neither empty nor fill the count.
 */
import {
  countOpenDocsPrs,
  DOCS_PR_LABEL,
  listDocsPrs,
  MAX_LIST_PAGES,
  renderDocsMarker,
} from '../src/github/docs-prs.ts';
import type { Octokit } from '../src/github/octokit.ts';
import { keepBacklog } from '../src/step/backlog.ts';
import { NO_BACKLOG } from '../src/step/backlog-inputs.ts';
import type { ServiceSettings } from '../src/step/inputs.ts';
import { TIMINGS } from '../src/step/timings.ts';
import { FakeRunner } from './support/fake-runner.ts';

const DOCS = { owner: 'acme', repo: 'docs' };
const KEY = 'svc_test_admin_key_0123456789';

interface Listed {
  number: number;
  pull_request?: object;
  body: string;
  html_url: string;
  state: string;
  updated_at: string;
}

/** An Octokit whose label listing answers `pages(page)`, counting its calls. */
function listing(pages: (page: number) => Listed[]): { octokit: Octokit; calls: number[] } {
  const calls: number[] = [];
  const listForRepo = async (params: { page: number; labels: string }) => {
    expect(params.labels).toBe(DOCS_PR_LABEL);
    calls.push(params.page);
    return { data: pages(params.page) };
  };
  return { octokit: { rest: { issues: { listForRepo } } } as unknown as Octokit, calls };
}

const item = (number: number, kind: 'issue' | 'unsigned' | 'signed'): Listed => ({
  number,
  ...(kind === 'issue' ? {} : { pull_request: {} }),
  body:
    kind === 'signed'
      ? `docs\n\n${renderDocsMarker(KEY, DOCS, number, { repository: 'o/code', number: 1, pull: true, jobId: 'job_1' })}`
      : 'docs',
  html_url: `https://github.com/acme/docs/pull/${number}`,
  state: 'open',
  updated_at: '2026-01-01T00:00:00Z',
});

const page = (start: number, kind: 'issue' | 'unsigned' | 'signed', size = 100) =>
  Array.from({ length: size }, (_, i) => item(start + i, kind));

test.each([
  ['labelled issues without end', (n: number) => page(n * 1000, 'issue')],
  ['unsigned labelled pull requests without end', (n: number) => page(n * 1000, 'unsigned')],
])('%s: the listing stops at MAX_LIST_PAGES calls', async (_name, pages) => {
  const { octokit, calls } = listing(pages);
  const listed = await listDocsPrs(octokit, DOCS, KEY, { state: 'open', signedOnly: true });
  expect(calls).toEqual(Array.from({ length: MAX_LIST_PAGES }, (_, i) => i + 1));
  expect(listed).toEqual({ items: [], truncated: true });
  const counted = listing(pages);
  expect(await countOpenDocsPrs(counted.octokit, DOCS, KEY)).toEqual({ count: 0, partial: true });
  expect(counted.calls).toHaveLength(MAX_LIST_PAGES);
});

test('unsigned labelled pull requests first do not hide the signed ones behind them', async () => {
  const { octokit } = listing((n) => (n === 1 ? page(1000, 'unsigned') : n === 2 ? page(2000, 'signed', 7) : []));
  expect(await countOpenDocsPrs(octokit, DOCS, KEY)).toEqual({ count: 7, partial: false });
});

test('a hundred unsigned labelled pull requests do not fill the count', async () => {
  const { octokit } = listing((n) => (n === 1 ? [...page(1000, 'unsigned', 98), ...page(5000, 'signed', 2)] : []));
  expect(await countOpenDocsPrs(octokit, DOCS, KEY)).toEqual({ count: 2, partial: false });
});

describe("the backlog pass takes what is left of the sweep's deadline (issue 34, item 5)", () => {
  async function pass(deadline: number | undefined, now: number) {
    // Docs in the code repository itself, so github-token's client lists them.
    const line = renderDocsMarker(KEY, DOCS, 4, { repository: 'acme/docs', number: 1, pull: true, jobId: 'job_1' });
    const stale = { ...item(4, 'unsigned'), body: `docs\n\n${line}`, updated_at: '2020-01-01T00:00:00Z' };
    const { octokit, calls } = listing((n) => (n === 1 ? [stale] : []));
    const reads: number[] = [];
    (octokit.rest.issues as unknown as Record<string, unknown>).get = async ({
      issue_number,
    }: {
      issue_number: number;
    }) => {
      reads.push(issue_number);
      return { data: { state: 'open', html_url: 'https://github.com/o/code/pull/1', pull_request: {} } };
    };
    const runner = new FakeRunner();
    const step = { runner, record: undefined as never, timings: TIMINGS, signal: new AbortController().signal };
    const settings = { apiKey: KEY, timeoutMs: 600_000 } as ServiceSettings;
    const clock = { now: () => now, sleep: async () => {} };
    const context = {
      step,
      octokit,
      repository: DOCS,
      settings,
      clock,
      ...(deadline === undefined ? {} : { deadline }),
    };
    // Docs in this repository: github-token's client lists them and reads the request.
    const result = await keepBacklog(context as unknown as Parameters<typeof keepBacklog>[0], {
      ...NO_BACKLOG,
      staleDays: 30,
    });
    return { result, reads, calls };
  }

  test('past the deadline no request is read and the pass says more is left', async () => {
    const { result, reads } = await pass(1_000, 2_000);
    expect(reads).toEqual([]);
    expect(result.truncated).toBe(true);
  });

  test('before it, the stale docs pull request is read', async () => {
    const { reads } = await pass(5_000, 2_000);
    expect(reads).toEqual([1]);
  });
});
