import { PERMISSION_LEVELS, type PermissionLevel } from '../base/constants.ts';
import type { Actor } from './event.ts';
import { ConfigError } from '../base/errors.ts';
import { describeGitHubError, type Octokit } from './octokit.ts';

/** The inputs the permission gate reads (the run's Settings has them). */
export interface PermissionSettings {
  requiredPermission: Exclude<PermissionLevel, 'none'>;
  /** Bot logins allowed to trigger, lower-cased, without the '[bot]' suffix. */
  allowedBots: string[];
}

export type Verdict = { allowed: true } | { allowed: false; reason: string };

/**
 * Whether `actor` may spend the team's quota. Anyone can comment on a public repository, so only
 * users whose repository role is at least `required-permission` pass, and bots only when listed
 * in `allowed-bots`.
 */
export async function checkPermission(
  octokit: Octokit,
  repository: { owner: string; repo: string },
  actor: Actor,
  settings: PermissionSettings,
): Promise<Verdict> {
  if (isBot(actor)) {
    const login = actor.login.toLowerCase().replace(/\[bot\]$/, '');
    return settings.allowedBots.includes(login)
      ? { allowed: true }
      : { allowed: false, reason: 'requests from bots are only taken from those listed in allowed-bots' };
  }
  const level = await permissionOf(octokit, repository, actor.login);
  if (rank(level) >= rank(settings.requiredPermission)) return { allowed: true };
  return {
    allowed: false,
    reason: `only people with ${settings.requiredPermission} access to this repository can ask for documentation changes`,
  };
}

export function isBot(actor: Actor): boolean {
  return actor.type === 'Bot' || actor.login.toLowerCase().endsWith('[bot]');
}

async function permissionOf(
  octokit: Octokit,
  repository: { owner: string; repo: string },
  username: string,
): Promise<PermissionLevel> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repository, username });
    // role_name holds the exact role (maintain, triage); `permission` folds them into write and
    // read. A custom role has its own name, so then the folded value decides.
    const role = (data as { role_name?: string }).role_name;
    return isLevel(role) ? role : isLevel(data.permission) ? data.permission : 'none';
  } catch (error) {
    // GitHub answers 404 for a user who is no collaborator of a private repository.
    if ((error as { status?: number }).status === 404) return 'none';
    // Reading a collaborator's role needs the repository's metadata, which the default token always
    // has; an app or fine-grained token may not.
    throw new ConfigError(
      describeGitHubError(
        `Checking the repository permission of ${username}`,
        error,
        'metadata: read (the Metadata permission of a GitHub App or fine-grained token; the default github.token has it)',
      ),
    );
  }
}

function isLevel(value: string | undefined): value is PermissionLevel {
  return (PERMISSION_LEVELS as readonly string[]).includes(value ?? '');
}

function rank(level: PermissionLevel): number {
  return PERMISSION_LEVELS.indexOf(level);
}
