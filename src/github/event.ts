import { readFileSync } from 'node:fs';

/** The webhook payload fields the trigger rules read; everything is optional in real payloads. */
export interface Payload {
  action?: string;
  /** A push to a pull request: the head before it. */
  before?: string;
  comment?: { id: number; body?: string | null; user?: Actor | null; html_url?: string };
  issue?: {
    number: number;
    title?: string;
    body?: string | null;
    html_url?: string;
    user?: Actor | null;
    labels?: { name: string }[];
    pull_request?: unknown;
  };
  label?: { name: string };
  pull_request?: {
    number: number;
    title?: string;
    body?: string | null;
    html_url?: string;
    draft?: boolean;
    merged?: boolean;
    merged_by?: Actor | null;
    labels?: { name: string }[];
    /** The head repository is null when the fork was deleted. */
    head?: { sha?: string; repo?: { full_name?: string } | null };
    base?: { repo?: { full_name?: string } | null };
  };
  /** A release event's release, every field checked where it is read (awaiting-release.ts `releaseOf`). */
  release?: Record<string, unknown>;
  repository?: { name: string; full_name?: string; html_url?: string; owner: { login: string } };
  sender?: Actor;
}

export interface Actor {
  login: string;
  type?: string;
}

export interface GitHubEvent {
  name: string;
  payload: Payload;
  /** owner/repo of the run, from GITHUB_REPOSITORY. */
  repository: { owner: string; repo: string };
}

/**
 * The triggering event as the runner describes it. Read directly rather than through
 * @actions/github's context, which would load Octokit at start-up for runs that never use it.
 */
export function readEvent(env: NodeJS.ProcessEnv = process.env): GitHubEvent {
  const path = env.GITHUB_EVENT_PATH;
  let payload: Payload = {};
  if (path) {
    try {
      payload = JSON.parse(readFileSync(path, 'utf8')) as Payload;
    } catch {
      payload = {};
    }
  }
  // GITHUB_REPOSITORY names the run's repository for every event; a payload may lack one (schedule).
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? payload.repository?.full_name ?? '').split('/');
  return { name: env.GITHUB_EVENT_NAME ?? '', payload, repository: { owner, repo } };
}

/**
 * Runs for a pull request from a fork (its head repository is another, or was deleted) and runs
 * Dependabot starts get no secrets: an empty key there is expected, not a mistake. Everywhere else,
 * pull_request_target and a pull request from a branch of this repository included, an empty key
 * is a secret the workflow forgot.
 */
export function getsSecrets(event: GitHubEvent, env: NodeJS.ProcessEnv = process.env): boolean {
  const dependabot = [event.payload.sender?.login, env.GITHUB_ACTOR].includes('dependabot[bot]');
  if (dependabot) return false;
  const pr = event.payload.pull_request;
  if (!pr || event.name === 'pull_request_target' || !event.name.startsWith('pull_request')) return true;
  const head = pr.head?.repo?.full_name;
  return head !== undefined && head === pr.base?.repo?.full_name;
}
