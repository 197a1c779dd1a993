// The command line's settings: each from its flag or, failing that, its environment variable, and
// checked with the same checks and words as the action's inputs (src/text/checks.ts), every
// problem named at once and before any request is sent. The keys are registered with the gate as
// soon as they are read, so that no text from the service can print them.
import { ASSISTANT_KEY_PREFIX } from '../base/constants.ts';
import { JOB_ID, THREAD_ID } from '../text/grammar.ts';
import { assistantKeyProblem, domainProblem } from '../text/assistant-checks.ts';
import { adminKeyProblem, checkBaseUrl, type SettingName } from '../text/checks.ts';
import { registerSecret } from '../text/secrets.ts';
import { forTerminalLine } from '../text/terminal.ts';
import type { AskClientOptions } from '../service/assistant.ts';
import type { AgentClientOptions } from '../service/client.ts';

/** Each setting's flag and environment variable. */
export const SETTINGS = {
  apiKey: { flag: 'api-key', env: 'DOCS_AGENT_API_KEY' },
  projectId: { flag: 'project-id', env: 'DOCS_AGENT_PROJECT_ID' },
  baseUrl: { flag: 'base-url', env: 'DOCS_AGENT_BASE_URL' },
  assistantKey: { flag: 'assistant-key', env: 'DOCS_ASSISTANT_KEY' },
  domain: { flag: 'domain', env: 'DOCS_ASSISTANT_DOMAIN' },
} as const;

type Key = keyof typeof SETTINGS;

function named(key: Key): SettingName {
  const { flag, env } = SETTINGS[key];
  return { subject: `${env} (--${flag})`, name: `${env} (--${flag})` };
}

/** The problems found, each naming its setting, so that one run names every mistake. */
export class Problems {
  readonly list: string[] = [];
  add(problem: string | undefined): void {
    if (problem) this.list.push(problem);
  }
}

/** A setting's value: the flag's, or the environment's. */
export function valueOf(key: Key, flags: Record<string, unknown>, env: NodeJS.ProcessEnv): string {
  const flag = flags[SETTINGS[key].flag];
  return typeof flag === 'string' ? flag : (env[SETTINGS[key].env] ?? '');
}

/**
 * Registers with the gate every key the command can see, whichever command runs, before any is
 * read: `ask` never sends the admin key, but a service's answer must not print it either; the
 * assistant key is public, but a key in a log invites its reuse, and the admin key may be there by mistake.
 */
export function registerKeys(flags: Record<string, unknown>, env: NodeJS.ProcessEnv): void {
  for (const key of ['apiKey', 'assistantKey'] as const) {
    const value = valueOf(key, flags, env);
    if (value) registerSecret(value);
  }
}

function required(key: Key, what: string, problems: Problems): void {
  const { flag, env } = SETTINGS[key];
  problems.add(`${env} (--${flag}) is required: ${what}.`);
}

/** The service's address, checked as the action's `base-url`. */
export function readBaseUrl(flags: Record<string, unknown>, env: NodeJS.ProcessEnv, problems: Problems): string {
  const raw = valueOf('baseUrl', flags, env);
  const { env: name, flag } = SETTINGS.baseUrl;
  const example = `for example "${name}=https://api.example.com" or "--${flag} https://api.example.com"`;
  if (!raw) {
    required('baseUrl', `the service's address, ${example}`, problems);
    return '';
  }
  const checked = checkBaseUrl(raw, named('baseUrl'), example, `${SETTINGS.apiKey.env} (--${SETTINGS.apiKey.flag})`);
  if (checked.ok) return checked.url;
  problems.add(checked.problem);
  return '';
}

export function readAgentSettings(
  flags: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  problems: Problems,
): Pick<AgentClientOptions, 'apiKey' | 'projectId' | 'baseUrl'> {
  const apiKey = valueOf('apiKey', flags, env);
  if (!apiKey) {
    required('apiKey', `the admin key of your Documentation Agent project (it starts with 'svc_')`, problems);
  } else {
    problems.add(adminKeyProblem(apiKey, named('apiKey')));
  }
  const projectId = valueOf('projectId', flags, env);
  if (!projectId) required('projectId', `your Documentation Agent project's identifier`, problems);
  else if (/\s/.test(projectId)) {
    problems.add(
      `Invalid ${named('projectId').name} '${forTerminalLine(projectId, 80)}': a project identifier has no spaces.`,
    );
  }
  return { apiKey, projectId, baseUrl: readBaseUrl(flags, env, problems) };
}

export function readAssistantSettings(
  flags: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  problems: Problems,
): Pick<AskClientOptions, 'assistantKey' | 'domain' | 'baseUrl'> {
  const assistantKey = valueOf('assistantKey', flags, env);
  if (!assistantKey) {
    required(
      'assistantKey',
      `the assistant key of your documentation site (it starts with '${ASSISTANT_KEY_PREFIX}')`,
      problems,
    );
  } else {
    problems.add(assistantKeyProblem(assistantKey, named('assistantKey')));
  }
  const domain = valueOf('domain', flags, env);
  if (!domain) {
    required('domain', `your documentation site's identifier, the last segment of your dashboard's address`, problems);
  } else {
    problems.add(domainProblem(domain, named('domain')));
  }
  return { assistantKey, domain, baseUrl: readBaseUrl(flags, env, problems) };
}

/** GitHub's longest job is 6 hours, and the action's `timeout-minutes` stops there too. */
const MAX_TIMEOUT_MS = 360 * 60_000;
export const DEFAULT_TIMEOUT_MS = 30 * 60_000;

/** `--timeout`: `90s`, `30m`, `2h`, or a bare number of minutes (as the action's `timeout-minutes`). */
export function readTimeout(raw: string | undefined, problems: Problems): number {
  if (raw === undefined) return DEFAULT_TIMEOUT_MS;
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|h)?$/.exec(raw.trim());
  const unit: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000 };
  const ms = match ? Number(match[1]) * (unit[match[2] ?? 'm'] ?? NaN) : NaN;
  if (!(ms > 0 && ms <= MAX_TIMEOUT_MS)) {
    problems.add(
      `Invalid --timeout '${forTerminalLine(raw, 40)}': expected a duration above 0 and at most 6h, ` +
        `for example "--timeout 30m", "--timeout 90s" or "--timeout 2h".`,
    );
    return DEFAULT_TIMEOUT_MS;
  }
  return ms;
}

/** A job id given as an argument: used exactly as given, so one outside the grammar is refused. */
export function readJobId(raw: string | undefined, problems: Problems): string {
  if (!raw) {
    problems.add('A job id is required, as printed by "docs-agent run" (job-id in --json).');
    return '';
  }
  if (!JOB_ID.test(raw)) {
    problems.add(
      `Invalid job id '${forTerminalLine(raw, 80)}': a job id has only letters, digits, '_', '.' and '-' ` +
        `(at most 128), as printed by "docs-agent run".`,
    );
  }
  return raw;
}

/** `--thread`: the thread-id of an earlier answer. */
export function readThread(raw: string | undefined, problems: Problems): string | undefined {
  if (raw === undefined) return undefined;
  if (!THREAD_ID.test(raw)) {
    problems.add(
      `Invalid --thread '${forTerminalLine(raw, 80)}': a thread id has only letters, digits, '_', '.', '-' ` +
        `and single ':', as printed by "docs-agent ask" (thread-id in --json).`,
    );
  }
  return raw;
}

/** The text of a prompt or question: every remaining argument, joined by spaces. */
export function readText(words: readonly string[], what: string, example: string, problems: Problems): string {
  const text = words.join(' ').trim();
  if (!text) problems.add(`${what} is empty. For example: ${example}`);
  return text;
}
