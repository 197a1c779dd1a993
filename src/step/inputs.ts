import * as core from '@actions/core';
import { ADMIN_KEY_PREFIX, ASSISTANT_KEY_PREFIX, Input, PERMISSION_LEVELS } from '../base/constants.ts';
import { ConfigError } from '../base/errors.ts';
import { JOB_ID } from '../service/client.ts';
import { addressUserInfo, shownAddress } from '../text/address.ts';
import { forLog, registerSecret } from '../text/text-gate.ts';
import type { PermissionSettings } from '../github/permissions.ts';
import { decideTrigger, needsPrompt, type TriggerSettings } from '../github/trigger.ts';
import { getsSecrets, type GitHubEvent } from '../github/event.ts';

/** Everything the action was asked to do, read and checked once before any request is sent. */
export interface Settings extends TriggerSettings, PermissionSettings {
  projectId: string;
  /**
   * The admin key; masked in the log as soon as it is read. '' only when the workflow passed none,
   * which the trigger rules turn into a skip for runs that get no secrets (forks, Dependabot) and
   * into an error otherwise.
   */
  apiKey: string;
  /** The service's base address without a trailing slash, so paths can be appended. */
  baseUrl: string;
  /** Token for comments on the triggering issue; empty when the workflow gives none. */
  githubToken: string;
  /** How long to wait for the job, from the start of the step. */
  timeoutMs: number;
  replyOnRefusal: boolean;
  /** false: create the job and return its id at once. */
  wait: boolean;
  dryRun: boolean;
  /** Mention the requester in a new comment when the job ends (edits notify nobody). */
  notify: boolean;
}

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

/**
 * What else the settings are read with: the event, which decides whether an empty `api-key` or
 * `prompt` is a mistake, and the problems already found in the inputs read before (`mode`).
 */
export interface SettingsContext {
  event?: GitHubEvent;
  problems?: readonly string[];
  /**
   * The routing inputs, read once before (src/ask/route.ts): the phrase, and the ask-word that
   * makes a request a question (never a job) with whether ask mode is set up to answer it.
   */
  routing?: { triggerPhrase: string; askWord: string; askConfigured: boolean };
  /** `pull-requests: merged` (src/pulls/inputs.ts): a merged pull request starts a job. */
  mergedPullRequests?: boolean;
}

/**
 * The settings, every input read and checked, and every error kept in `problems` instead of
 * thrown. The entry throws them only once the run knows it has work and the requester passed the
 * permission check (execute.ts): an event the workflow is not set up for, or a refused commenter,
 * never causes or learns about an input error. A wrong input is read meanwhile as the safest value
 * (`required-permission`: admin) or its default.
 */
export function collectSettings(context: SettingsContext = {}): { settings: Settings; problems: InputProblems } {
  const apiKey = core.getInput(Input.ApiKey);
  const githubToken = core.getInput(Input.GitHubToken);
  // Mask before anything can print them, even an error about the key itself. Once accepted, the
  // gate also takes them, whole or in part, out of every text from outside (an echoed header).
  for (const secret of [apiKey, githubToken]) {
    if (secret) core.setSecret(secret);
  }
  if (githubToken) registerSecret(githubToken);

  // Every input is read even after one is wrong, so a single run names every mistake.
  const problems = new InputProblems(context.problems);
  const check = problems.check;
  const settings: Settings = {
    prompt: core.getInput(Input.Prompt),
    projectId: check(readProjectId, ''),
    apiKey: check(() => apiKey && checkApiKey(apiKey), ''),
    baseUrl: check(readBaseUrl, ''),
    githubToken,
    timeoutMs: check(readTimeoutMinutes, DEFAULT_TIMEOUT_MINUTES) * 60_000,
    triggerPhrase: context.routing?.triggerPhrase ?? check(readTriggerPhrase, '/docs'),
    requiredPermission: check(readRequiredPermission, 'admin'),
    allowedBots: readAllowedBots(),
    triggerLabel: core.getInput(Input.TriggerLabel),
    ...(context.routing ? { askWord: context.routing.askWord, askConfigured: context.routing.askConfigured } : {}),
    allowEdits: check(() => readBoolean(Input.AllowEdits, false), false),
    documentMergedPullRequests:
      context.mergedPullRequests || check(() => readBoolean(Input.DocumentMergedPullRequests, false), false),
    issueNumber: check(readIssueNumber, undefined),
    replyOnRefusal: check(() => readBoolean(Input.ReplyOnRefusal, true), true),
    wait: check(() => readBoolean(Input.Wait, true), true),
    jobId: check(readJobId, ''),
    dryRun: check(() => readBoolean(Input.DryRun, false), false),
    notify: check(() => readBoolean(Input.Notify, true), true),
  };
  if (context.event) problems.add(...eventProblems(context.event, settings));
  if (settings.apiKey) registerSecret(settings.apiKey);
  return { settings, problems };
}

/** The settings, or every input error at once. */
export function readSettings(context: SettingsContext = {}): Settings {
  const { settings, problems } = collectSettings(context);
  problems.throwIfAny();
  return settings;
}

/**
 * The inputs this event needs that are empty: `api-key` when the run would start work and gets
 * secrets (on a fork or for Dependabot an empty key is a quiet skip), and `prompt` when nothing
 * else says what to do. A run the event does not trigger needs neither.
 */
function eventProblems(event: GitHubEvent, settings: Settings): string[] {
  const trigger = decideTrigger(event, settings);
  if (trigger.kind !== 'run') return [];
  const problems: string[] = [];
  // A job-id or issue-number that was given but is wrong is named already; it says what to do.
  const named = core.getInput(Input.JobId) || core.getInput(Input.IssueNumber);
  if (needsPrompt(trigger, settings) && !named) problems.push(missingPrompt().message);
  if (!core.getInput(Input.ApiKey) && getsSecrets(event)) problems.push(missingApiKey().message);
  return problems;
}

/** The runner applies action.yml's defaults; `fallback` covers a runner (or test) that does not. */
function readBoolean(name: string, fallback: boolean): boolean {
  const raw = core.getInput(name);
  if (!raw) return fallback;
  if (/^(true|yes|on)$/i.test(raw)) return true;
  if (/^(false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`Invalid '${name}' '${raw}': expected true or false.`);
}

export function readTriggerPhrase(): string {
  const phrase = core.getInput(Input.TriggerPhrase) || '/docs';
  if (/\s/.test(phrase)) {
    throw new ConfigError(`Invalid '${Input.TriggerPhrase}' '${phrase}': use one word, for example "/docs".`);
  }
  return phrase;
}

function readRequiredPermission(): Settings['requiredPermission'] {
  const raw = (core.getInput(Input.RequiredPermission) || 'write').toLowerCase();
  const allowed = PERMISSION_LEVELS.filter((level) => level !== 'none');
  if (!(allowed as string[]).includes(raw)) {
    throw new ConfigError(`Invalid '${Input.RequiredPermission}' '${raw}': expected one of ${allowed.join(', ')}.`);
  }
  return raw as Settings['requiredPermission'];
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

/** Raised by the trigger rules when neither the event nor the `prompt` input gives an instruction. */
export function missingPrompt(): ConfigError {
  return new ConfigError(
    `Input '${Input.Prompt}' is empty. Give the agent an instruction, for example: ` +
      `"prompt: Document the new --verbose flag".`,
  );
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
  // The assistant prefix also starts with the admin prefix, so it must be checked first.
  if (apiKey.startsWith(ASSISTANT_KEY_PREFIX)) {
    throw new ConfigError(
      `Input '${Input.ApiKey}' holds the public assistant key (it starts with '${ASSISTANT_KEY_PREFIX}'), ` +
        `which only opens the chat endpoints. Use the admin key, which starts with ` +
        `'${ADMIN_KEY_PREFIX}' but not '${ASSISTANT_KEY_PREFIX}'.`,
    );
  }
  // A header value Node will not send would fail every request; say so before sending any.
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new ConfigError(
      `Input '${Input.ApiKey}' holds spaces or characters a key never has: copy the admin key again, ` +
        `without line breaks or quotes.`,
    );
  }
  if (!apiKey.startsWith(ADMIN_KEY_PREFIX)) {
    throw new ConfigError(
      `Input '${Input.ApiKey}' is not an admin key: admin keys start with '${ADMIN_KEY_PREFIX}'. ` +
        `Copy the admin key from your Documentation Agent dashboard into a secret.`,
    );
  }
  return apiKey;
}

export function readBaseUrl(): string {
  const raw = core.getInput(Input.BaseUrl);
  const example = `for example "${Input.BaseUrl}: https://api.example.com"`;
  if (!raw) {
    throw new ConfigError(`Input '${Input.BaseUrl}' is required: the service's address, ${example}.`);
  }
  // The address may hold a password or a token: an error names its host alone, never the input
  // as given, whether it parses or not (text/address.ts), and masks what could be a password.
  const shown = shownAddress(raw);
  const refuse = (why: string): ConfigError => {
    const userInfo = addressUserInfo(raw);
    if (userInfo) {
      core.setSecret(raw);
      registerSecret(userInfo);
    }
    return new ConfigError(`Invalid '${Input.BaseUrl}'${why}`);
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse(`${shown}: not a URL. Expected ${example}.`);
  }
  // The admin key is the only credential the service takes: an address with one is refused.
  if (url.username || url.password) {
    if (url.password) registerSecret(decodeURIComponent(url.password));
    throw refuse(
      `: remove the user name and password from the address (${url.protocol}//***@${url.host}); ` +
        `the service needs only the admin key in '${Input.ApiKey}'.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse(`${shown}: use an http(s) address, ${example}.`);
  }
  // The admin key travels in every request: plain http is allowed only to this machine.
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw refuse(`${shown}: the API key would be sent unencrypted. Use https://.`);
  }
  if (url.search || url.hash) {
    throw refuse(`${shown}: remove the query or fragment; paths are appended to it.`);
  }
  return url.href.replace(/\/+$/, '');
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
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

/** The same rule as for ids the service returns: a job id is used exactly as given, or refused. */
function readJobId(): string {
  const raw = core.getInput(Input.JobId);
  if (raw && !JOB_ID.test(raw)) {
    throw new ConfigError(
      `Invalid '${Input.JobId}' '${forLog(raw, 80)}': a job id has only letters, digits, '_', '.' and '-' ` +
        `(at most 128), as in the job-id output of an earlier run.`,
    );
  }
  return raw;
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
