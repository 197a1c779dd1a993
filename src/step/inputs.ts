// The readers every mode shares: the input errors of a run, and the inputs more than one mode
// reads. Inputs only one mode reads are in its folder (agent/inputs.ts, ask/inputs.ts); those of
// follow mode, the release and the backlog are beside this file (follow-inputs.ts,
// release-inputs.ts, backlog-inputs.ts), since the sweep reads them too; the routing inputs that
// choose the mode are in step/mode.ts.
import * as core from '@actions/core';
import { Input, PERMISSION_LEVELS } from '../base/constants.ts';
import { ConfigError } from '../base/errors.ts';
import type { PermissionSettings } from '../github/permissions.ts';
import { adminKeyProblem, checkBaseUrl } from '../text/checks.ts';
import { registerSecret } from '../text/secrets.ts';

/**
 * The input errors of one run, so that it names every mistake at once: `check` reads an input and
 * keeps its ConfigError instead of throwing it; `throwIfAny` throws them all as one.
 */
export class InputProblems {
  readonly #found: string[];

  /** `earlier`: errors found before (the routing inputs), named with these. */
  constructor(earlier: readonly string[] = []) {
    this.#found = [...earlier];
  }

  /** The input `read` returns, or `fallback` after keeping its ConfigError. */
  readonly check = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      this.#found.push(error.message);
      return fallback;
    }
  };

  add(...messages: string[]): void {
    this.#found.push(...messages);
  }

  /** The errors found so far, each naming its input. */
  get messages(): readonly string[] {
    return this.#found;
  }

  throwIfAny(): void {
    const found = this.#found;
    if (found.length === 1) throw new ConfigError(found[0] ?? '');
    if (found.length > 1) {
      throw new ConfigError(`${found.length} inputs need fixing:\n${found.map((p) => `- ${p}`).join('\n')}`);
    }
  }
}

/** `allowed-bots`: logins lower-cased, without the '[bot]' suffix. */
export function readAllowedBots(): string[] {
  return core
    .getInput(Input.AllowedBots)
    .split(/[\s,]+/)
    .map((login) => login.toLowerCase().replace(/\[bot\]$/, ''))
    .filter(Boolean);
}

/** GitHub's longest job is 6 hours: a longer wait could never finish. */
const MAX_TIMEOUT_MINUTES = 360;

/** The default of `timeout-minutes` (action.yml), also what a wrong value is read as until it is named. */
export const DEFAULT_TIMEOUT_MINUTES = 30;

/** The runner applies action.yml's defaults; `fallback` covers a runner (or test) that does not. */
export function readBoolean(name: string, fallback: boolean): boolean {
  const raw = core.getInput(name);
  if (!raw) return fallback;
  if (/^(true|yes|on)$/i.test(raw)) return true;
  if (/^(false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`Invalid '${name}' '${raw.slice(0, 40)}': expected true or false.`);
}

export function readTriggerPhrase(): string {
  const phrase = core.getInput(Input.TriggerPhrase) || '/docs';
  if (/\s/.test(phrase)) {
    throw new ConfigError(`Invalid '${Input.TriggerPhrase}' '${phrase}': use one word, for example "/docs".`);
  }
  return phrase;
}

export function readIssueNumber(): number | undefined {
  const raw = core.getInput(Input.IssueNumber);
  if (!raw) return undefined;
  const number = Number(raw.replace(/^#/, ''));
  if (!Number.isSafeInteger(number) || number <= 0) {
    throw new ConfigError(`Invalid '${Input.IssueNumber}' '${raw}': expected an issue number such as 42.`);
  }
  return number;
}

export function readBaseUrl(): string {
  const raw = core.getInput(Input.BaseUrl);
  const example = `for example "${Input.BaseUrl}: https://api.example.com"`;
  if (!raw) {
    throw new ConfigError(`Input '${Input.BaseUrl}' is required: the service's address, ${example}.`);
  }
  // The pure check is shared with the command line (src/text/checks.ts): an error names the host
  // alone, never the address as given, and masks what could be a password.
  const setting = { subject: `Input '${Input.BaseUrl}'`, name: `'${Input.BaseUrl}'` };
  const checked = checkBaseUrl(raw, setting, example, `'${Input.ApiKey}'`);
  if (checked.ok) return checked.url;
  if (checked.maskWhole) core.setSecret(raw);
  throw new ConfigError(checked.problem);
}

export function readTimeoutMinutes(): number {
  const raw = core.getInput(Input.TimeoutMinutes) || String(DEFAULT_TIMEOUT_MINUTES);
  const minutes = Number(raw);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > MAX_TIMEOUT_MINUTES) {
    throw new ConfigError(
      `Invalid '${Input.TimeoutMinutes}' '${raw}': expected a number of minutes above 0 and at ` +
        `most ${MAX_TIMEOUT_MINUTES}, for example "${Input.TimeoutMinutes}: 30".`,
    );
  }
  return minutes;
}

/** What the post step needs to finish a comment: the token, the key that signs markers, and the repository. */
export function readPostInputs(
  env: NodeJS.ProcessEnv = process.env,
): { token: string; apiKey: string; repository: { owner: string; repo: string } } | undefined {
  const token = core.getInput(Input.GitHubToken);
  const apiKey = core.getInput(Input.ApiKey);
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/');
  if (!token || !apiKey || !owner || !repo) return undefined;
  for (const secret of [token, apiKey]) {
    core.setSecret(secret);
    registerSecret(secret);
  }
  return { token, apiKey, repository: { owner, repo } };
}

/** What every mode that asks the agent for a job reads (agent/, pulls/): the service, GitHub, who may ask. */
export interface ServiceSettings extends PermissionSettings {
  projectId: string;
  /**
   * The admin key; masked in the log as soon as it is read. '' when the workflow passed none (or a
   * wrong one), which a mode turns into a skip for runs that get no secrets (forks, Dependabot)
   * and into an error otherwise.
   */
  apiKey: string;
  /** The service's base address without a trailing slash, so paths can be appended. */
  baseUrl: string;
  /** Token for comments on the triggering issue; empty when the workflow gives none. */
  githubToken: string;
  /** How long to wait for the job, from the start of the step. */
  timeoutMs: number;
  replyOnRefusal: boolean;
  /** `sweep-workflow`: the sweep's workflow file, switched on and off (github/workflows.ts); '' leaves schedules alone. */
  sweepWorkflow?: string;
}

/**
 * The service settings, every error kept in `problems` instead of thrown and the input read
 * meanwhile as the safest value (`required-permission`: admin) or its default. The accepted key
 * joins the gate's secrets.
 */
export function readServiceSettings(problems: InputProblems): ServiceSettings {
  const apiKey = core.getInput(Input.ApiKey);
  const check = problems.check;
  const settings: ServiceSettings = {
    projectId: check(readProjectId, ''),
    apiKey: check(() => apiKey && checkApiKey(apiKey), ''),
    baseUrl: check(readBaseUrl, ''),
    githubToken: core.getInput(Input.GitHubToken),
    timeoutMs: check(readTimeoutMinutes, DEFAULT_TIMEOUT_MINUTES) * 60_000,
    requiredPermission: check(readRequiredPermission, 'admin'),
    allowedBots: readAllowedBots(),
    replyOnRefusal: check(() => readBoolean(Input.ReplyOnRefusal, true), true),
    sweepWorkflow: check(readSweepWorkflow, ''),
  };
  if (settings.apiKey) registerSecret(settings.apiKey);
  return settings;
}

/**
 * `sweep-workflow`: a file name of .github/workflows (what GitHub's workflow endpoints take for
 * the workflow's id); the folder, when given, is dropped.
 */
export function readSweepWorkflow(): string {
  const raw = core.getInput(Input.SweepWorkflow).trim();
  const file = raw.replace(/^\.github\/workflows\//, '');
  if (raw && !/^[\w.-]{1,100}\.ya?ml$/.test(file)) {
    throw new ConfigError(
      `Invalid '${Input.SweepWorkflow}' '${raw.slice(0, 100)}': expected the file name of the workflow that runs ` +
        `mode: sweep, for example "${Input.SweepWorkflow}: sweep.yml". Empty leaves schedules alone.`,
    );
  }
  return file;
}

/** Raised when a run that should have the secret has none. */
export function missingApiKey(): ConfigError {
  return new ConfigError(
    `Input '${Input.ApiKey}' is empty. Pass the admin key from a secret: ` +
      `"api-key: \${{ secrets.DOCS_AGENT_API_KEY }}".`,
  );
}

function readProjectId(): string {
  const projectId = core.getInput(Input.ProjectId);
  if (!projectId) {
    throw new ConfigError(
      `Input '${Input.ProjectId}' is required. Set it to your Documentation Agent project's identifier.`,
    );
  }
  if (/\s/.test(projectId)) {
    throw new ConfigError(`Invalid '${Input.ProjectId}' '${projectId}': a project identifier has no spaces.`);
  }
  return projectId;
}

/** The key itself is never quoted: a message may end up in a public log. */
function checkApiKey(apiKey: string): string {
  const problem = adminKeyProblem(apiKey, { subject: `Input '${Input.ApiKey}'`, name: `'${Input.ApiKey}'` });
  if (problem) throw new ConfigError(problem);
  return apiKey;
}

function readRequiredPermission(): ServiceSettings['requiredPermission'] {
  const raw = (core.getInput(Input.RequiredPermission) || 'write').toLowerCase();
  const allowed = PERMISSION_LEVELS.filter((level) => level !== 'none');
  if (!(allowed as string[]).includes(raw)) {
    throw new ConfigError(`Invalid '${Input.RequiredPermission}' '${raw}': expected one of ${allowed.join(', ')}.`);
  }
  return raw as ServiceSettings['requiredPermission'];
}

/**
 * Masks the admin key and the token before anything can print them, even an error about the key
 * itself. Once accepted, the gate also takes them, whole or in part, out of every text from
 * outside (an echoed header). Done for every run of a mode that uses them, whatever it then decides.
 */
export function maskServiceSecrets(): void {
  const apiKey = core.getInput(Input.ApiKey);
  const githubToken = core.getInput(Input.GitHubToken);
  for (const secret of [apiKey, githubToken]) {
    if (secret) core.setSecret(secret);
  }
  if (githubToken) registerSecret(githubToken);
}

/** Raised when a run needs GitHub and the workflow emptied `github-token`; `why` ends "…needs it …". */
export function missingGitHubToken(why: string): ConfigError {
  return new ConfigError(
    `Input '${Input.GitHubToken}' is empty, but ${why}. Remove the input to use the default \${{ github.token }}.`,
  );
}
