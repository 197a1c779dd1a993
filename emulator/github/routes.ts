// The operations the fake implements, keyed by GitHub's OpenAPI 'METHOD /template'. Requests reach
// a handler only after validation, so path parameters are well-formed and bodies match the schema.
import {
  renderComment,
  renderIssue,
  renderPermission,
  renderPullFile,
  renderReaction,
  renderStatus,
} from './render.ts';
import type { Bases } from './render.ts';
import { errorReply, paginate } from './respond.ts';
import type { Reply } from './respond.ts';
import type { Store } from './state.ts';
import { pullRoutes } from './pull-routes.ts';
import { labelRoutes } from './label-routes.ts';
import { workflowRoutes } from './workflows.ts';
import type { FakeStatus } from './types.ts';

export interface RouteRequest {
  params: Record<string, string>;
  url: URL;
  body: unknown;
  store: Store;
  bases: Bases;
  /** Login that API writes are attributed to (the token's identity). */
  actor: string;
}

type Handler = (req: RouteRequest) => Reply;

const REPO = '/repos/{owner}/{repo}';

function int(req: RouteRequest, name: string): number {
  return Number(req.params[name]);
}

function field(req: RouteRequest, name: string): string {
  // The body passed schema validation, which requires this string field.
  return String((req.body as Record<string, unknown>)[name]);
}

// GitHub's own limit for comment bodies, counted in characters (code points), not UTF-16 units.
const MAX_COMMENT_CHARS = 65536;

/** Rules the schema does not state but GitHub enforces; answered as GitHub does, not violations. */
function commentBodyProblem(body: string): Reply | undefined {
  const error = (code: string, field: string, message?: string): Reply => {
    const reply = errorReply(422);
    reply.body = {
      ...(reply.body as object),
      errors: [{ resource: 'IssueComment', code, field, ...(message ? { message } : {}) }],
    };
    return reply;
  };
  if (body.trim() === '') return error('missing_field', 'body');
  if ([...body].length > MAX_COMMENT_CHARS) {
    return error('unprocessable', 'data', `Body is too long (maximum is ${MAX_COMMENT_CHARS} characters)`);
  }
  return undefined;
}

function react(req: RouteRequest, subject: 'comment' | 'issue', id: number): Reply {
  const { reaction, created } = req.store.react(subject, id, field(req, 'content'), req.actor);
  return { status: created ? 201 : 200, body: renderReaction(reaction, req.bases) };
}

/** Oldest first, narrowed to one `content` when the query names it, in pages as GitHub serves them. */
function listReactions(req: RouteRequest, subject: 'comment' | 'issue', id: number): Reply {
  const content = req.url.searchParams.get('content');
  const all = req.store.reactionsOn(subject, id).filter((r) => content === null || r.content === content);
  const { page, headers } = paginate(all, req.url);
  return { status: 200, headers, body: page.map((r) => renderReaction(r, req.bases)) };
}

// GitHub's limit for a status's description.
const MAX_STATUS_DESCRIPTION = 140;

/** A commit status, as GitHub validates it beyond the schema: a description of at most 140 characters. */
function createStatus(req: RouteRequest): Reply {
  const body = req.body as {
    state: FakeStatus['state'];
    context?: string;
    description?: string | null;
    target_url?: string | null;
  };
  if ((body.description ?? '').length > MAX_STATUS_DESCRIPTION) {
    const reply = errorReply(422);
    reply.body = {
      ...(reply.body as object),
      errors: [
        {
          resource: 'Status',
          code: 'custom',
          field: 'description',
          message: `description is too long (maximum is ${MAX_STATUS_DESCRIPTION} characters)`,
        },
      ],
    };
    return reply;
  }
  const status = req.store.addStatus(req.params.sha ?? '', {
    state: body.state,
    context: body.context ?? 'default',
    description: body.description ?? null,
    target_url: body.target_url ?? null,
    creator: req.actor,
  });
  const rendered = renderStatus(req.store, status, req.bases);
  return { status: 201, headers: { location: String(rendered.url) }, body: rendered };
}

export const routes: Record<string, Handler> = {
  [`GET ${REPO}/collaborators/{username}/permission`]: (req) => ({
    status: 200,
    body: renderPermission(req.store, req.params.username ?? '', req.bases),
  }),

  [`GET ${REPO}/issues/{issue_number}`]: (req) => ({
    status: 200,
    body: renderIssue(req.store, int(req, 'issue_number'), req.bases),
  }),

  [`GET ${REPO}/issues/{issue_number}/comments`]: (req) => {
    const { page, headers } = paginate(req.store.comments(int(req, 'issue_number')), req.url);
    return { status: 200, headers, body: page.map((c) => renderComment(req.store, c, req.bases)) };
  },

  [`POST ${REPO}/issues/{issue_number}/comments`]: (req) => {
    const problem = commentBodyProblem(field(req, 'body'));
    if (problem) return problem;
    const comment = req.store.addComment(int(req, 'issue_number'), field(req, 'body'), req.actor);
    const body = renderComment(req.store, comment, req.bases);
    return { status: 201, headers: { location: String(body.url) }, body };
  },

  [`PATCH ${REPO}/issues/comments/{comment_id}`]: (req) => {
    if (req.store.comment(int(req, 'comment_id')) === undefined) return errorReply(404);
    const problem = commentBodyProblem(field(req, 'body'));
    if (problem) return problem;
    const comment = req.store.updateComment(int(req, 'comment_id'), field(req, 'body'));
    return comment ? { status: 200, body: renderComment(req.store, comment, req.bases) } : errorReply(404);
  },

  // A comment the fake did not write (a webhook payload's) exists on first use, as on GitHub, where
  // the event's comment is there when the run starts; only editing needs a comment the fake knows.
  [`GET ${REPO}/issues/comments/{comment_id}/reactions`]: (req) =>
    listReactions(req, 'comment', int(req, 'comment_id')),

  [`POST ${REPO}/issues/comments/{comment_id}/reactions`]: (req) => react(req, 'comment', int(req, 'comment_id')),

  [`DELETE ${REPO}/issues/comments/{comment_id}/reactions/{reaction_id}`]: (req) =>
    req.store.deleteReaction('comment', int(req, 'comment_id'), int(req, 'reaction_id'))
      ? { status: 204 }
      : errorReply(404),

  // Every issue number exists, so issue reactions never 404.
  [`GET ${REPO}/issues/{issue_number}/reactions`]: (req) => listReactions(req, 'issue', int(req, 'issue_number')),

  [`POST ${REPO}/issues/{issue_number}/reactions`]: (req) => react(req, 'issue', int(req, 'issue_number')),

  [`DELETE ${REPO}/issues/{issue_number}/reactions/{reaction_id}`]: (req) =>
    req.store.deleteReaction('issue', int(req, 'issue_number'), int(req, 'reaction_id'))
      ? { status: 204 }
      : errorReply(404),

  // A pull request without seeded files answers an empty list rather than 404: any number exists.
  [`GET ${REPO}/pulls/{pull_number}/files`]: (req) => {
    const files = req.store.filesOf(int(req, 'pull_number')) ?? [];
    const { page, headers } = paginate(files, req.url);
    return { status: 200, headers, body: page.map((f) => renderPullFile(req.store, f, req.bases)) };
  },

  // Any commit exists, as any issue does.
  [`POST ${REPO}/statuses/{sha}`]: createStatus,

  [`GET ${REPO}/commits/{ref}/statuses`]: (req) => {
    const { page, headers } = paginate(req.store.statuses(req.params.ref ?? ''), req.url);
    return { status: 200, headers, body: page.map((status) => renderStatus(req.store, status, req.bases)) };
  },

  ...pullRoutes,
  ...labelRoutes,
  ...workflowRoutes,
};
