/** Input names, exactly as declared in action.yml. */
export const Input = {
  Prompt: 'prompt',
  ProjectId: 'project-id',
  ApiKey: 'api-key',
  BaseUrl: 'base-url',
  GitHubToken: 'github-token',
  TimeoutMinutes: 'timeout-minutes',
} as const;

/** Output names, exactly as declared in action.yml. */
export const Output = {
  Status: 'status',
  PrLink: 'pr-link',
  JobId: 'job-id',
} as const;

/** Statuses after which a job never changes again on its own. */
export const TERMINAL_STATUSES = ['completed', 'failed', 'archived'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

/** The status the service reports while the agent works. */
export const RUNNING_STATUS = 'active';

export const ADMIN_KEY_PREFIX = 'svc_';
export const ASSISTANT_KEY_PREFIX = 'svc_dsc_';

export const USER_AGENT = 'docs-agent-action';
