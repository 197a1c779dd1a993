// GitHub's JSON representations of the fake's objects. Field sets follow the response schemas in
// GitHub's OpenAPI description (the tests check them against it), values follow github.com's style.
import { createHash } from 'node:crypto';
import { identity } from './state.ts';
import type { Store, StoredReaction } from './state.ts';
import type { FakeComment, FakeReaction, FakeStatus, Permission, PullFile } from './types.ts';

/** Where the caller reached the API, so every URL in a response points back to the same mount. */
export interface Bases {
  api: string;
  web: string;
}

const REACTION_CONTENTS = ['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'eyes', 'rocket'] as const;
const ROLE_FLAGS: Record<
  Permission,
  { pull: boolean; triage: boolean; push: boolean; maintain: boolean; admin: boolean }
> = {
  admin: { pull: true, triage: true, push: true, maintain: true, admin: true },
  maintain: { pull: true, triage: true, push: true, maintain: true, admin: false },
  write: { pull: true, triage: true, push: true, maintain: false, admin: false },
  triage: { pull: true, triage: true, push: false, maintain: false, admin: false },
  read: { pull: true, triage: false, push: false, maintain: false, admin: false },
  none: { pull: false, triage: false, push: false, maintain: false, admin: false },
};

export function nodeId(prefix: string, id: number): string {
  return `${prefix}_kwDO${Buffer.from(String(id)).toString('base64url')}`;
}

export function renderUser(login: string, bases: Bases): Record<string, unknown> {
  const user = identity(login);
  const api = `${bases.api}/users/${encodeURIComponent(login)}`;
  return {
    login,
    id: user.id,
    node_id: user.type === 'Bot' ? nodeId('BOT', user.id) : nodeId('U', user.id),
    avatar_url: `https://avatars.githubusercontent.com/u/${user.id}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: user.type === 'Bot' ? `${bases.web}/apps/${login.replace(/\[bot\]$/, '')}` : `${bases.web}/${login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: user.type,
    user_view_type: 'public',
    site_admin: false,
  };
}

/** How GitHub labels a login's relationship to the repository in comments and issues. */
function association(store: Store, login: string): string {
  if (login.toLowerCase() === store.owner.toLowerCase()) return 'OWNER';
  return ROLE_FLAGS[store.permissionOf(login)].triage ? 'COLLABORATOR' : 'NONE';
}

function rollup(reactions: StoredReaction[], url: string): Record<string, unknown> {
  const counts: Record<string, unknown> = { url, total_count: reactions.length };
  for (const content of REACTION_CONTENTS) counts[content] = reactions.filter((r) => r.content === content).length;
  return counts;
}

export function repoApi(store: Store, bases: Bases): string {
  return `${bases.api}/repos/${store.owner}/${store.repo}`;
}

export function renderComment(store: Store, comment: FakeComment, bases: Bases): Record<string, unknown> {
  const url = `${repoApi(store, bases)}/issues/comments/${comment.id}`;
  return {
    url,
    html_url: comment.html_url,
    issue_url: `${repoApi(store, bases)}/issues/${comment.issueNumber}`,
    id: comment.id,
    node_id: nodeId('IC', comment.id),
    user: renderUser(comment.user.login, bases),
    created_at: comment.created_at,
    updated_at: comment.updated_at,
    author_association: association(store, comment.user.login),
    body: comment.body,
    reactions: rollup(store.reactionsOn('comment', comment.id), `${url}/reactions`),
    performed_via_github_app: null,
  };
}

export function renderIssue(store: Store, number: number, bases: Bases): Record<string, unknown> {
  const api = `${repoApi(store, bases)}/issues/${number}`;
  const web = `${bases.web}/${store.owner}/${store.repo}`;
  // A pull request the fake holds answers with its own state, labels and body (GitHub's issues API
  // sees every pull request as an issue); a seeded issue's fields otherwise.
  const pull = store.pulls.has(number) ? store.pulls.pull(number, `${store.owner}/${store.repo}`) : undefined;
  const isPull = store.filesOf(number) !== undefined || pull !== undefined;
  const created = '2019-05-15T15:20:18Z';
  const seeded = pull
    ? { ...store.issue(number), user: pull.user, labels: pull.labels, state: pull.state, body: pull.body }
    : store.issue(number);
  const author = seeded?.user ?? store.owner;
  return {
    url: api,
    repository_url: repoApi(store, bases),
    labels_url: `${api}/labels{/name}`,
    comments_url: `${api}/comments`,
    events_url: `${api}/events`,
    html_url: `${web}/${isPull ? 'pull' : 'issues'}/${number}`,
    id: 444_500_000 + number,
    node_id: nodeId('I', number),
    number,
    title: pull?.title ?? seeded?.title ?? `Issue ${number}`,
    user: renderUser(author, bases),
    labels: (seeded?.labels ?? []).map((name) => renderLabel(store, name, bases)),
    state: seeded?.state ?? 'open',
    locked: false,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: store.comments(number).length,
    created_at: created,
    updated_at: pull?.updatedAt ?? store.updatedAt(number) ?? created,
    closed_at: seeded?.state === 'closed' ? created : null,
    author_association: association(store, author),
    active_lock_reason: null,
    ...(isPull
      ? {
          pull_request: {
            url: `${repoApi(store, bases)}/pulls/${number}`,
            html_url: `${web}/pull/${number}`,
            diff_url: `${web}/pull/${number}.diff`,
            patch_url: `${web}/pull/${number}.patch`,
            merged_at: pull?.merged ? '2026-01-01T00:00:00Z' : null,
          },
        }
      : {}),
    body: seeded?.body ?? '',
    reactions: rollup(store.reactionsOn('issue', number), `${api}/reactions`),
    timeline_url: `${api}/timeline`,
    performed_via_github_app: null,
    state_reason: null,
  };
}

export function renderLabel(store: Store, name: string, bases: Bases): Record<string, unknown> {
  const id = Number.parseInt(createHash('sha1').update(name).digest('hex').slice(0, 8), 16);
  return {
    id,
    node_id: nodeId('LA', id),
    url: `${repoApi(store, bases)}/labels/${encodeURIComponent(name)}`,
    name,
    description: null,
    color: 'ededed',
    default: false,
  };
}

export function renderReaction(reaction: StoredReaction, bases: Bases): Record<string, unknown> {
  return {
    id: reaction.id,
    node_id: nodeId('REA', reaction.id),
    user: renderUser(reaction.user, bases),
    content: reaction.content,
    created_at: reaction.created_at,
  };
}

export function renderPullFile(store: Store, file: PullFile, bases: Bases): Record<string, unknown> {
  const sha = createHash('sha1').update(`${file.filename}:${file.status}`).digest('hex');
  const path = file.filename.split('/').map(encodeURIComponent).join('/');
  const web = `${bases.web}/${store.owner}/${store.repo}`;
  return {
    sha,
    filename: file.filename,
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    changes: file.additions + file.deletions,
    blob_url: `${web}/blob/${sha}/${path}`,
    raw_url: `${web}/raw/${sha}/${path}`,
    contents_url: `${repoApi(store, bases)}/contents/${path}?ref=${sha}`,
  };
}

/**
 * GitHub's 'permission' field only knows the legacy roles: maintain reads as write and triage as
 * read. The precise role is in role_name, so callers comparing 'permission' to 'maintain' are wrong.
 */
export function renderPermission(store: Store, login: string, bases: Bases): Record<string, unknown> {
  const role = store.permissionOf(login);
  const legacy = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role;
  return {
    permission: legacy,
    role_name: role,
    user: { ...renderUser(login, bases), permissions: ROLE_FLAGS[role], role_name: role },
  };
}

export function publicReaction(reaction: StoredReaction): FakeReaction {
  const { id, subject, subjectId, content, user } = reaction;
  return { id, subject, subjectId, content, user };
}

export function renderStatus(store: Store, status: FakeStatus, bases: Bases): Record<string, unknown> {
  const creator = renderUser(status.creator, bases);
  return {
    url: `${repoApi(store, bases)}/statuses/${status.sha}`,
    avatar_url: creator.avatar_url,
    id: status.id,
    node_id: nodeId('SC', status.id),
    state: status.state,
    description: status.description,
    target_url: status.target_url,
    context: status.context,
    created_at: status.created_at,
    updated_at: status.created_at,
    creator,
  };
}
