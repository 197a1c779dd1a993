// The inputs of ask mode beyond the routing inputs (step/mode.ts), read once and checked before
// any request: first those that decide the question, then, once there is one, the rest
// (ask/mode.ts). Ask mode needs neither project-id nor the admin key, so it has its own settings.
import * as core from '@actions/core';
import { ASSISTANT_KEY_PREFIX, Input, PERMISSION_LEVELS, type PermissionLevel } from '../base/constants.ts';
import { ConfigError } from '../base/errors.ts';
import {
  DEFAULT_TIMEOUT_MINUTES,
  InputProblems,
  readAllowedBots,
  readBaseUrl,
  readIssueNumber,
  readTimeoutMinutes,
} from '../step/inputs.ts';
import { assistantKeyProblem, domainProblem } from '../text/assistant-checks.ts';
import { registerSecret } from '../text/secrets.ts';
import type { Routing } from '../step/mode.ts';

export interface AskSettings extends Routing {
  /** The question of a `mode: ask` step; '' when the comment or issue gives it. */
  prompt: string;
  /** The documentation site's identifier, the `{domain}` of the assistant's address. */
  domain: string;
  /** The public assistant key (svc_dsc_), masked anyway. */
  assistantKey: string;
  baseUrl: string;
  githubToken: string;
  timeoutMs: number;
  /** `none` lets everyone ask on public repositories. */
  askPermission: PermissionLevel;
  allowedBots: string[];
  issueNumber: number | undefined;
  retrievalPageSize: number;
}

/** The service's recommended number of search results behind an answer. */
const DEFAULT_PAGE_SIZE = 5;
const MAX_PAGE_SIZE = 50;

/**
 * Masks the assistant key and the token, although the key is public: a key in a log invites its
 * reuse, and the admin key may be here by mistake. Done for every ask run, whatever it decides.
 */
export function maskAskSecrets(): void {
  for (const secret of [core.getInput(Input.AssistantKey), core.getInput(Input.GitHubToken)]) {
    if (secret) {
      core.setSecret(secret);
      registerSecret(secret);
    }
  }
}

/** The inputs that decide the question: a `prompt`, and the issue its answer goes to. */
export function readAskTriggerSettings(problems: InputProblems): Pick<AskSettings, 'prompt' | 'issueNumber'> {
  return { prompt: core.getInput(Input.Prompt), issueNumber: problems.check(readIssueNumber, undefined) };
}

/**
 * The rest of the ask settings, once there is a question, with every input error kept in
 * `problems`, not thrown: answerQuestion throws them once the asker passed the permission check,
 * so that someone who may not ask never causes or learns about an input error. Until then a wrong
 * input is read as the safest value (`ask-permission`: admin) or its default.
 */
export function readAskSettings(
  routing: Routing,
  triggerSettings: Pick<AskSettings, 'prompt' | 'issueNumber'>,
  problems: InputProblems,
): AskSettings {
  const check = problems.check;
  return {
    ...routing,
    ...triggerSettings,
    domain: check(readDomain, ''),
    assistantKey: check(() => checkAssistantKey(core.getInput(Input.AssistantKey)), ''),
    baseUrl: check(readBaseUrl, ''),
    githubToken: core.getInput(Input.GitHubToken),
    timeoutMs: check(readTimeoutMinutes, DEFAULT_TIMEOUT_MINUTES) * 60_000,
    askPermission: check(readAskPermission, 'admin'),
    allowedBots: readAllowedBots(),
    retrievalPageSize: check(readPageSize, DEFAULT_PAGE_SIZE),
  };
}

function readDomain(): string {
  const domain = core.getInput(Input.Domain);
  if (!domain) {
    throw new ConfigError(
      `Input '${Input.Domain}' is required in ask mode: your documentation site's identifier, ` +
        `the last segment of your dashboard's address.`,
    );
  }
  const problem = domainProblem(domain, { subject: `Input '${Input.Domain}'`, name: `'${Input.Domain}'` });
  if (problem) throw new ConfigError(problem);
  return domain;
}

/** The key is never quoted: a message may end up in a public log. */
function checkAssistantKey(key: string): string {
  const example = `"${Input.AssistantKey}: \${{ vars.DOCS_ASSISTANT_KEY }}"`;
  if (!key) {
    throw new ConfigError(
      `Input '${Input.AssistantKey}' is required in ask mode: the assistant key (it starts with ` +
        `'${ASSISTANT_KEY_PREFIX}'), for example ${example}.`,
    );
  }
  const problem = assistantKeyProblem(key, {
    subject: `Input '${Input.AssistantKey}'`,
    name: `'${Input.AssistantKey}'`,
  });
  if (problem) throw new ConfigError(problem);
  return key;
}

function readAskPermission(): PermissionLevel {
  const raw = (core.getInput(Input.AskPermission) || 'read').toLowerCase();
  if (!(PERMISSION_LEVELS as readonly string[]).includes(raw)) {
    throw new ConfigError(
      `Invalid '${Input.AskPermission}' '${raw}': expected one of ${PERMISSION_LEVELS.join(', ')}.`,
    );
  }
  return raw as PermissionLevel;
}

function readPageSize(): number {
  const raw = core.getInput(Input.RetrievalPageSize);
  if (!raw) return DEFAULT_PAGE_SIZE;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new ConfigError(
      `Invalid '${Input.RetrievalPageSize}' '${raw}': expected a whole number from 1 to ${MAX_PAGE_SIZE} (5 is recommended).`,
    );
  }
  return size;
}
