// GitHub's GraphQL read of many issues' and pull requests' comments in one query, the shape the
// sweep asks (src/github/thread-batch.ts): `alias: issueOrPullRequest(number: N) { ... comments(last: K) }`
// under `repository(owner:, name:)`. The query is not parsed as GraphQL: the repository, each
// aliased item and the comments' count are found in it (literals, or the variables they name), and
// every node carries the fields the action selects (id, body, author) whatever the selection.
import type { Store } from './state.ts';

type Variables = Record<string, unknown> | null | undefined;

interface GraphqlError {
  type: string;
  path: string[];
  message: string;
  locations: { line: number; column: number }[];
}

/** True for a query this file answers. */
export function asksThreads(query: string): boolean {
  return /\bissueOrPullRequest\s*\(/.test(query);
}

/** `name: value` in an argument list: a string or number literal, or a `$variable`. */
function argument(args: string, name: string, variables: Variables): string | undefined {
  const match = new RegExp(`\\b${name}\\s*:\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|(\\d+)|\\$(\\w+))`).exec(args);
  if (!match) return undefined;
  if (match[3] !== undefined) {
    const value = variables?.[match[3]];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  }
  return match[1] ?? match[2];
}

/** GitHub's answer: `data.repository` with one entry per alias, null and an error for a number it does not know. */
export function answerThreads(store: Store, query: string, variables: Variables): Record<string, unknown> {
  const repoArgs = /\brepository\s*\(([^)]*)\)/.exec(query)?.[1] ?? '';
  const owner = argument(repoArgs, 'owner', variables) ?? '';
  const name = argument(repoArgs, 'name', variables) ?? '';
  const location = [{ line: 1, column: 1 }];
  if (owner.toLowerCase() !== store.owner.toLowerCase() || name.toLowerCase() !== store.repo.toLowerCase()) {
    const message = `Could not resolve to a Repository with the name '${owner}/${name}'.`;
    return {
      data: { repository: null },
      errors: [{ type: 'NOT_FOUND', path: ['repository'], message, locations: location }],
    };
  }
  const last = Number(argument(/\bcomments\s*\(([^)]*)\)/.exec(query)?.[1] ?? '', 'last', variables) ?? 100);
  const repository: Record<string, unknown> = {};
  const errors: GraphqlError[] = [];
  for (const item of query.matchAll(/(\w+)\s*:\s*issueOrPullRequest\s*\(([^)]*)\)/g)) {
    const alias = item[1] ?? '';
    const number = Number(argument(item[2] ?? '', 'number', variables));
    if (!known(store, number)) {
      repository[alias] = null;
      errors.push({
        type: 'NOT_FOUND',
        path: ['repository', alias],
        message: `Could not resolve to an issue or pull request with the number of ${number}.`,
        locations: location,
      });
      continue;
    }
    const comments = store.comments(number);
    const shown = comments.slice(Math.max(0, comments.length - Math.min(last, 100)));
    repository[alias] = {
      __typename: store.pulls.has(number) ? 'PullRequest' : 'Issue',
      comments: {
        pageInfo: { hasPreviousPage: shown.length < comments.length },
        nodes: shown.map((comment) => ({
          fullDatabaseId: String(comment.id),
          body: comment.body,
          author: {
            // GraphQL names an App's bot without REST's "[bot]".
            login: comment.user.login.replace(/\[bot\]$/, ''),
            __typename: comment.user.type === 'Bot' ? 'Bot' : 'User',
          },
        })),
      },
    };
  }
  return errors.length ? { data: { repository }, errors } : { data: { repository } };
}

/** An issue or pull request the fake holds: seeded, labelled, a pull request, or one with comments. */
function known(store: Store, number: number): boolean {
  if (!Number.isSafeInteger(number) || number <= 0) return false;
  return store.pulls.has(number) || store.issue(number) !== undefined || store.comments(number).length > 0;
}
