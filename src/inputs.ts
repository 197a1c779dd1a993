import * as core from '@actions/core';
import { ADMIN_KEY_PREFIX, ASSISTANT_KEY_PREFIX, Input } from './constants.ts';
import { ConfigError } from './errors.ts';

/** Everything the action was asked to do, read and checked once before any request is sent. */
export interface Settings {
  /** The instruction for the agent. */
  prompt: string;
  projectId: string;
  /** The admin key; masked in the log as soon as it is read. */
  apiKey: string;
  /** The service's base address without a trailing slash, so paths can be appended. */
  baseUrl: string;
  /** Token for comments on the triggering issue; empty when the workflow gives none. */
  githubToken: string;
  /** How long to wait for the job, from the start of the step. */
  timeoutMs: number;
  /**
   * Multiplies every wait of the action (poll intervals, retry delays, request timeouts). 1 in
   * production; the emulator-backed tests and demo lower it through DOCS_AGENT_DELAY_SCALE so that
   * they exercise the real schedule in milliseconds.
   */
  delayScale: number;
}

/** GitHub's longest job is 6 hours: a longer wait could never finish. */
const MAX_TIMEOUT_MINUTES = 360;

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const apiKey = core.getInput(Input.ApiKey);
  // Mask before anything can print it, even an error about the key itself.
  if (apiKey) core.setSecret(apiKey);

  return {
    prompt: readPrompt(),
    projectId: readProjectId(),
    apiKey: checkApiKey(apiKey),
    baseUrl: readBaseUrl(),
    githubToken: core.getInput(Input.GitHubToken),
    timeoutMs: readTimeoutMinutes() * 60_000,
    delayScale: readDelayScale(env.DOCS_AGENT_DELAY_SCALE),
  };
}

function readPrompt(): string {
  const prompt = core.getInput(Input.Prompt);
  if (!prompt) {
    throw new ConfigError(
      `Input '${Input.Prompt}' is empty. Give the agent an instruction, for example: ` +
        `"prompt: Document the new --verbose flag".`,
    );
  }
  return prompt;
}

function readProjectId(): string {
  const projectId = core.getInput(Input.ProjectId);
  if (!projectId) {
    throw new ConfigError(
      `Input '${Input.ProjectId}' is required. Set it to your Documentation Agent project's identifier.`,
    );
  }
  if (/\s/.test(projectId)) {
    throw new ConfigError(
      `Invalid '${Input.ProjectId}' '${projectId}': a project identifier has no spaces.`,
    );
  }
  return projectId;
}

/** The key itself is never quoted: a message may end up in a public log. */
export function checkApiKey(apiKey: string): string {
  if (!apiKey) {
    throw new ConfigError(
      `Input '${Input.ApiKey}' is empty. Pass the admin key from a secret: ` +
        `"api-key: \${{ secrets.DOCS_AGENT_API_KEY }}". Secrets are not given to workflows ` +
        `triggered from forks.`,
    );
  }
  // The assistant prefix also starts with the admin prefix, so it must be checked first.
  if (apiKey.startsWith(ASSISTANT_KEY_PREFIX)) {
    throw new ConfigError(
      `Input '${Input.ApiKey}' holds the public assistant key (it starts with '${ASSISTANT_KEY_PREFIX}'), ` +
        `which only opens the chat endpoints. Use the admin key, which starts with ` +
        `'${ADMIN_KEY_PREFIX}' but not '${ASSISTANT_KEY_PREFIX}'.`,
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

function readBaseUrl(): string {
  const raw = core.getInput(Input.BaseUrl);
  const example = `for example "${Input.BaseUrl}: https://api.example.com"`;
  if (!raw) {
    throw new ConfigError(`Input '${Input.BaseUrl}' is required: the service's address, ${example}.`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`Invalid '${Input.BaseUrl}' '${raw}': not a URL. Expected ${example}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`Invalid '${Input.BaseUrl}' '${raw}': use an http(s) address, ${example}.`);
  }
  // The admin key travels in every request: plain http is allowed only to this machine.
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new ConfigError(
      `Invalid '${Input.BaseUrl}' '${raw}': the API key would be sent unencrypted. Use https://.`,
    );
  }
  if (url.search || url.hash) {
    throw new ConfigError(
      `Invalid '${Input.BaseUrl}' '${raw}': remove the query or fragment; paths are appended to it.`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

function readTimeoutMinutes(): number {
  const raw = core.getInput(Input.TimeoutMinutes) || '30';
  const minutes = Number(raw);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > MAX_TIMEOUT_MINUTES) {
    throw new ConfigError(
      `Invalid '${Input.TimeoutMinutes}' '${raw}': expected a number of minutes above 0 and at ` +
        `most ${MAX_TIMEOUT_MINUTES}, for example "${Input.TimeoutMinutes}: 30".`,
    );
  }
  return minutes;
}

function readDelayScale(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale < 0 || scale > 1) {
    throw new ConfigError(`Invalid DOCS_AGENT_DELAY_SCALE '${raw}': expected a number from 0 to 1.`);
  }
  return scale;
}
