import { errorMessage } from '../base/errors.ts';
import type { Logger } from '../base/log.ts';
import { forLog } from '../text/text-gate.ts';
import type { Octokit } from './octokit.ts';
import { IssueThread, type ThreadComment } from './thread.ts';

/**
 * Issues and pull requests whose comments one GraphQL query reads at most. GitHub's limits are far
 * off (50 × 100 comments is 5,050 nodes of the 500,000 a query may ask for, and about one point of
 * the 5,000 an hour); the answer's size is what grows (the bodies), under the byte cap of every
 * GitHub answer (capped-fetch.ts).
 */
export const THREADS_PER_QUERY = 50;

/** The newest comments a query reads per item; a thread with more is read by REST (IssueThread). */
export const LAST_COMMENTS = 100;

/** One thread as the query read it: `complete` when it holds every comment of the item. */
export interface ReadThread {
  comments: ThreadComment[];
  complete: boolean;
}

interface CommentNode {
  fullDatabaseId?: string | number | null;
  body?: string | null;
  author?: { login?: string; __typename?: string } | null;
}

type ItemNode = { comments?: { pageInfo?: { hasPreviousPage?: boolean }; nodes?: (CommentNode | null)[] } } | null;

const COMMENTS =
  `comments(last: ${LAST_COMMENTS}) { pageInfo { hasPreviousPage } ` +
  'nodes { fullDatabaseId body author { login __typename } } }';

/**
 * The query for `numbers`: one `issueOrPullRequest` per item under its alias `i<number>`. The
 * comment's id is `fullDatabaseId` (a BigInt, sent as a string): issue comment ids passed the
 * 32 bits of GraphQL's Int, in which `databaseId` is typed.
 */
export function threadsQuery(numbers: readonly number[]): string {
  const items = numbers.map(
    (number) =>
      `i${number}: issueOrPullRequest(number: ${number}) { __typename ` +
      `... on Issue { ${COMMENTS} } ... on PullRequest { ${COMMENTS} } }`,
  );
  return `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { ${items.join(' ')} } }`;
}

/**
 * The comments of up to THREADS_PER_QUERY issues and pull requests in one GraphQL call, by number;
 * an item GitHub answered null for (deleted, transferred) is absent, and `problems` holds what
 * GitHub said about it. Throws when the call brought no data at all.
 */
export async function readThreads(
  octokit: Octokit,
  repository: { owner: string; repo: string },
  numbers: readonly number[],
): Promise<{ threads: Map<number, ReadThread>; problems: string[] }> {
  if (numbers.length > THREADS_PER_QUERY) throw new Error(`At most ${THREADS_PER_QUERY} threads per query.`);
  const threads = new Map<number, ReadThread>();
  if (!numbers.length) return { threads, problems: [] };
  let data: unknown;
  let problems: string[] = [];
  try {
    data = await octokit.graphql(threadsQuery(numbers), { owner: repository.owner, name: repository.repo });
  } catch (error) {
    // A GraphqlResponseError carries the data GitHub did answer (null for what it could not).
    const partial = error as { data?: unknown; errors?: { message?: string }[] };
    if (!partial.data || !Array.isArray(partial.errors)) throw error;
    data = partial.data;
    problems = partial.errors.map((problem) => String(problem.message ?? 'unknown error'));
  }
  const found = (data as { repository?: Record<string, ItemNode> | null } | null)?.repository;
  if (!found) throw new Error(`GitHub answered no repository${problems.length ? `: ${problems[0]}` : ''}`);
  for (const number of numbers) {
    const comments = found[`i${number}`]?.comments;
    if (!comments || !Array.isArray(comments.nodes)) continue;
    const read = comments.nodes.map(threadComment);
    // A comment without a usable id cannot be edited nor reacted to: the item is read by REST then.
    const complete = comments.pageInfo?.hasPreviousPage === false;
    if (read.every((comment) => comment !== undefined)) threads.set(number, { comments: read, complete });
    else threads.set(number, { comments: [], complete: false });
  }
  return { threads, problems };
}

function threadComment(node: CommentNode | null): ThreadComment | undefined {
  const id = Number(node?.fullDatabaseId);
  if (!node || !Number.isSafeInteger(id) || id <= 0) return undefined;
  return { id, body: node.body ?? '', bot: node.author?.__typename === 'Bot' };
}

/**
 * The threads of a sweep's items: read THREADS_PER_QUERY at a time in one GraphQL call (`read`),
 * then handed out one IssueThread per item (`of`), preloaded with its comments when the query read
 * them all. A thread with more than LAST_COMMENTS comments, an item the query could not read, or a
 * query that failed (a warning) leaves the IssueThread to read its comments by REST, as it does
 * outside a sweep; `fresh` reads (the once-only claims) always go to REST.
 */
export class ThreadReader {
  readonly #octokit: Octokit;
  readonly #repository: { owner: string; repo: string };
  readonly #log: Logger;
  readonly #signingKey: string;
  /** The comments of the items last read, and the threads handed out for them. */
  #read = new Map<number, ReadThread>();
  #threads = new Map<number, IssueThread>();

  constructor(octokit: Octokit, repository: { owner: string; repo: string }, log: Logger, signingKey: string) {
    this.#octokit = octokit;
    this.#repository = repository;
    this.#log = log;
    this.#signingKey = signingKey;
  }

  /** Reads the comments of `numbers` (at most THREADS_PER_QUERY) in one call; forgets the earlier ones. Never throws. */
  async read(numbers: readonly number[]): Promise<void> {
    this.#read = new Map();
    this.#threads = new Map();
    try {
      const { threads, problems } = await readThreads(this.#octokit, this.#repository, numbers);
      this.#read = threads;
      if (problems.length) {
        this.#log.warning(
          `GitHub could not read the comments of ${numbers.length - threads.size} of ${numbers.length} issue(s) ` +
            `and pull request(s) at once (${forLog(problems[0] ?? '', 200)}); those are read one by one.`,
        );
      }
    } catch (error) {
      this.#log.warning(
        `Reading the comments of ${numbers.length} issue(s) and pull request(s) at once failed ` +
          `(${forLog(errorMessage(error), 200)}); they are read one by one.`,
      );
    }
  }

  /** The thread of `number`, one per item while its batch is the last read. */
  of(number: number): IssueThread {
    let thread = this.#threads.get(number);
    if (!thread) {
      const target = { ...this.#repository, issueNumber: number };
      thread = new IssueThread(this.#octokit, target, this.#log, this.#signingKey);
      const read = this.#read.get(number);
      if (read?.complete) thread.preload(read.comments);
      this.#threads.set(number, thread);
    }
    return thread;
  }
}
