/** Input names, exactly as declared in action.yml. */
export const Input = {
  Prompt: 'prompt',
  ProjectId: 'project-id',
  ApiKey: 'api-key',
  BaseUrl: 'base-url',
  GitHubToken: 'github-token',
  TimeoutMinutes: 'timeout-minutes',
  TriggerPhrase: 'trigger-phrase',
  RequiredPermission: 'required-permission',
  AllowedBots: 'allowed-bots',
  TriggerLabel: 'trigger-label',
  AllowEdits: 'allow-edits',
  DocumentMergedPullRequests: 'document-merged-pull-requests',
  IssueNumber: 'issue-number',
  ReplyOnRefusal: 'reply-on-refusal',
  Wait: 'wait',
  JobId: 'job-id',
  DryRun: 'dry-run',
  Notify: 'notify',
  SweepReports: 'sweep-reports',
  Mode: 'mode',
  Domain: 'domain',
  AssistantKey: 'assistant-key',
  AskWord: 'ask-word',
  AskLabel: 'ask-label',
  AskPermission: 'ask-permission',
  RetrievalPageSize: 'retrieval-page-size',
  // Docs that follow pull requests (src/pulls/).
  PullRequests: 'pull-requests',
  DocsToken: 'docs-token',
  DraftUntilMerged: 'draft-until-merged',
  SkipLabel: 'skip-label',
  MaxFollowUps: 'max-follow-ups',
  CheckName: 'check-name',
  // Docs that ship with the release (src/release/).
  ReadyWhen: 'ready-when',
  AutoMerge: 'auto-merge',
  IncludePrereleases: 'include-prereleases',
  ReleaseFollowUp: 'release-follow-up',
  // The docs pull request backlog (src/step/backlog.ts).
  DocsRepository: 'docs-repository',
  StaleDays: 'stale-days',
  MaxOpenDocsPrs: 'max-open-docs-prs',
  // The sweep's schedule switched on and off (src/github/workflows.ts).
  SweepWorkflow: 'sweep-workflow',
} as const;

/** Output names, exactly as declared in action.yml. */
export const Output = {
  Status: 'status',
  PrLink: 'pr-link',
  JobId: 'job-id',
  Message: 'message',
  Title: 'title',
  PrNumber: 'pr-number',
  Answer: 'answer',
  ThreadId: 'thread-id',
  Sources: 'sources',
} as const;

/** State passed from the main step to the post step (core.saveState). */
export const State = {
  JobId: 'jobId',
  CommentId: 'commentId',
  /** Set once the progress comment shows a final outcome: the post step then has nothing to do. */
  Finished: 'finished',
  IssueNumber: 'issueNumber',
  StartedAt: 'startedAt',
  Triggers: 'triggers',
  /** Whom the end of an in-flight request is to be told to ('' nobody): the progress marker's `open`. */
  Open: 'open',
  /** 'true' when a sweep reports the end of a job no run waits for (`sweep-reports`): the post step's words name it. */
  Sweep: 'sweep',
  /** The final comment the main step meant to write (JSON), so the post step can write it instead. */
  FinalView: 'finalView',
  /** The commit status that records the job of a run without an issue (JSON), for the post step to write. */
  RunRecord: 'runRecord',
  /** The 👀 a follow run holds on a pull request while it works (`<number>:<reaction id>`), '' once let go. */
  Lock: 'lock',
} as const;

/** The `status` output when the action did nothing (no trigger, refused, no secret). */
export const SKIPPED_STATUS = 'skipped';
/** The `status` output of ask mode when an answer was written (whole or in part). */
export const ANSWERED_STATUS = 'answered';
/** The `status` output of ask mode when no answer could be had. */
export const FAILED_STATUS = 'failed';
/** The `status` output of a sweep (`mode: sweep`) that went through the in-flight requests. */
export const SWEPT_STATUS = 'swept';
/** The `status` output of a release run (`release: published`, src/release/) that looked at the docs waiting for it. */
export const RELEASED_STATUS = 'released';
/** The `status` output of a dry run. */
export const DRY_RUN_STATUS = 'dry-run';
/** The `status` output when the run was cancelled before it asked the service for anything. */
export const CANCELLED_STATUS = 'cancelled';
/** The `status` output when the run stopped while a create was under way: a job may exist. */
export const UNKNOWN_STATUS = 'unknown';
/**
 * The `status` output when the action could not do its part: a wrong input, a refused key, an
 * unreachable service, a job-id that does not exist. `job-id` is still set when a job is known.
 */
export const ERROR_STATUS = 'error';

/** Repository roles from least to most, as GitHub's collaborator permission API names them. */
export const PERMISSION_LEVELS = ['none', 'read', 'triage', 'write', 'maintain', 'admin'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** Statuses after which a job never changes again on its own. */
export const TERMINAL_STATUSES = ['completed', 'failed', 'archived'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

/** The status the service reports while the agent works. */
export const RUNNING_STATUS = 'active';

/** Every status the service is known to report; any other is warned about and waited out. */
export const JOB_STATUSES = [RUNNING_STATUS, ...TERMINAL_STATUSES] as const;

/** The word after the trigger phrase that asks a question (ask mode) rather than for a change. */
export const DEFAULT_ASK_WORD = 'ask';

export const ADMIN_KEY_PREFIX = 'svc_';
export const ASSISTANT_KEY_PREFIX = 'svc_dsc_';

export const USER_AGENT = 'docs-agent-action';

/** One step of the agent's plan, as a v1 session lists it (the service's vocabulary, like JOB_STATUSES). */
export interface PlanStep {
  /** One inert line, capped. */
  content: string;
  status: StepStatus;
}

export const STEP_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled', 'skipped'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/**
 * Each plan step's symbol and word, the one place every view of the plan takes them from (comment,
 * check, job summary). `skipped`: a step the job finished without (service/session.ts), not cancelled.
 */
export const STEP_SHOWN: Record<StepStatus, { symbol: string; word: string }> = {
  completed: { symbol: '✅', word: 'done' },
  in_progress: { symbol: '🔄', word: 'in progress' },
  pending: { symbol: '⬜', word: 'pending' },
  cancelled: { symbol: '✖️', word: 'cancelled' },
  skipped: { symbol: '➖', word: 'not needed' },
};
