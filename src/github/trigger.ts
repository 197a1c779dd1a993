import { MARKER_PREFIX } from './marker.ts';
import type { Actor, GitHubEvent } from './event.ts';
import { findRequest } from './request.ts';
import { DEFAULT_ASK_WORD } from '../base/constants.ts';

/** The issue (or pull request) a run reports to, with what the prompt may quote of it. */
export interface IssueInfo {
  number: number;
  title?: string;
  body?: string;
  url?: string;
  isPullRequest: boolean;
  /**
   * The issue named by `issue-number`, where the run reports although nobody asked there: it
   * gets the progress comment, but no reactions and no mention.
   */
  tracking?: true;
}

export type Trigger =
  | {
      kind: 'skip';
      reason: string;
      /**
       * Someone who asked for something the workflow does not answer (a question where ask mode
       * is not set up): told once per issue why, as a refused commenter is (reply-on-refusal).
       */
      tell?: { who: Actor; issueNumber: number; reason: string };
    }
  | {
      kind: 'run';
      /** The user's instruction after the trigger phrase; '' when the event carries none. */
      request: string;
      /** `/docs new …`: start a new job even if the issue already has one. */
      forceNew: boolean;
      /** Who asked, when someone other than the workflow's owners can cause the event. */
      requester?: Actor;
      /**
       * The author of an edited comment (allow-edits), when not its editor (`requester`): the
       * request is the author's words, so both must be allowed to ask, or an editor's permission
       * would start an outsider's request.
       */
      author?: Actor;
      issue?: IssueInfo;
      /** The comment that asked, for reactions and to recognise a re-run of the same request. */
      commentId?: number;
      /** Set for a merged pull request: the prompt lists its changed files. */
      mergedPullRequest?: number;
    };

/** The inputs the trigger rules read (the run's Settings has them all). */
export interface TriggerSettings {
  /** The instruction for the agent; '' when the triggering comment or issue gives it. */
  prompt: string;
  /** Attach to this job instead of creating one. */
  jobId: string;
  /** Matched at the start of a comment line, case-insensitively. */
  triggerPhrase: string;
  /** '' when labeling an issue triggers nothing. */
  triggerLabel: string;
  allowEdits: boolean;
  documentMergedPullRequests: boolean;
  /** Where scheduled and dispatched runs report; undefined when they report nowhere. */
  issueNumber: number | undefined;
  /**
   * The word after the phrase that asks a question (`/docs ask …`, the ask-word input; undefined:
   * DEFAULT_ASK_WORD): a question never starts a job, whatever the event's action. '' (the
   * workflow's `ask-word: ''`): no word asks, and `/docs ask …` is a request like any other.
   */
  askWord?: string;
  /**
   * Whether the workflow set up ask mode (step/mode.ts Routing.askConfigured; undefined: true). When it did
   * not, a question is not answered anywhere: the run skips it and tells the asker so, once.
   */
  askConfigured?: boolean;
}

/** Which events start work, and with what. Pure: it reads the event and the settings only. */
export function decideTrigger(event: GitHubEvent, settings: TriggerSettings): Trigger {
  const { payload } = event;
  if (settings.jobId) return attachRun(event, settings);
  switch (event.name) {
    case 'workflow_dispatch':
    case 'schedule':
      return workflowRun(settings);
    case 'issue_comment': {
      const { comment, issue } = payload;
      if (!comment || !issue) return skip('the issue_comment payload has no comment');
      if (payload.action !== 'created' && !(payload.action === 'edited' && settings.allowEdits)) {
        return skip(
          payload.action === 'edited'
            ? 'edited comments do not start work unless allow-edits is true'
            : `${payload.action ?? 'changed'} comments do not start work`,
        );
      }
      const body = comment.body ?? '';
      if (body.includes(MARKER_PREFIX)) return skip('the comment is one of its own');
      const found = findRequest(body, settings.triggerPhrase);
      if (found === undefined) return skip(`the comment does not start a line with '${settings.triggerPhrase}'`);
      // An edit is the editor's request on the author's words; a deleted author's comment (user
      // null) is the sender's.
      const edited = payload.action === 'edited';
      const requester = edited ? (payload.sender ?? comment.user) : (comment.user ?? payload.sender);
      // An edited question is answered nowhere and told nothing: GitHub notifies nobody of an edit.
      if (isQuestion(found, settings)) return question(settings, edited ? undefined : requester, issue.number);
      if (!requester) return skip('the event names nobody whose permission could be checked');
      if (edited && !comment.user) {
        return skip("the edited comment's author is unknown, so their permission could not be checked");
      }
      const author = edited && comment.user && !sameActor(comment.user, requester) ? { author: comment.user } : {};
      return {
        kind: 'run',
        ...parseNew(found),
        requester,
        ...author,
        issue: issueInfo(issue),
        commentId: comment.id,
      };
    }
    case 'issues': {
      const { issue } = payload;
      if (!issue) return skip('the issues payload has no issue');
      const labelled = (name: string | undefined): boolean =>
        !!settings.triggerLabel && name?.toLowerCase() === settings.triggerLabel.toLowerCase();
      const requester = payload.sender ?? issue.user;
      if (!requester) return skip('the event names nobody whose permission could be checked');
      const base = { kind: 'run' as const, forceNew: false, issue: issueInfo(issue), requester };
      if (payload.action === 'labeled') {
        return labelled(payload.label?.name) ? { ...base, request: '' } : skip('the label is not the trigger-label');
      }
      if (payload.action !== 'opened') return skip(`issues that are ${payload.action ?? 'changed'} do not trigger it`);
      const found = findRequest(issue.body ?? '', settings.triggerPhrase);
      if (found !== undefined && isQuestion(found, settings)) return question(settings, requester, issue.number);
      if (found !== undefined) return { ...base, ...parseNew(found), forceNew: false };
      if (issue.labels?.some((label) => labelled(label.name))) return { ...base, request: '' };
      return skip(`the issue neither starts a line with '${settings.triggerPhrase}' nor has the trigger-label`);
    }
    case 'pull_request':
    case 'pull_request_target': {
      const pr = payload.pull_request;
      if (!settings.documentMergedPullRequests) return otherEvent(event, settings);
      if (!pr || payload.action !== 'closed' || !pr.merged) return skip('only merged pull requests trigger it');
      const requester = pr.merged_by ?? payload.sender;
      if (!requester) return skip('the event names nobody whose permission could be checked');
      return {
        kind: 'run',
        request: '',
        forceNew: true,
        requester,
        issue: {
          number: pr.number,
          title: pr.title ?? '',
          body: pr.body ?? '',
          isPullRequest: true,
          ...(pr.html_url ? { url: pr.html_url } : {}),
        },
        mergedPullRequest: pr.number,
      };
    }
    default:
      return otherEvent(event, settings);
  }
}

/**
 * Whether a run has nothing to ask the agent: no `prompt`, no request in the event, no merged pull
 * request and no issue to take the request from, and no job to attach to. Such a run needs `prompt`.
 */
export function needsPrompt(trigger: Extract<Trigger, { kind: 'run' }>, settings: TriggerSettings): boolean {
  return (
    !settings.prompt && !settings.jobId && !trigger.request && trigger.mergedPullRequest === undefined && !trigger.issue
  );
}

/** A run the workflow's owner scheduled or started, or wrote for its own event: the prompt input says what to do. */
function workflowRun(settings: TriggerSettings): Trigger {
  return {
    kind: 'run',
    request: '',
    forceNew: false,
    ...(settings.issueNumber ? { issue: { number: settings.issueNumber, isPullRequest: false, tracking: true } } : {}),
  };
}

/**
 * Events only people with write access (or the workflow itself) can cause. Every other event may
 * come from anyone (pull_request_target and workflow_run run with secrets for a fork's pull
 * request, discussions, reviews), so its sender is checked like a commenter.
 */
export const OWNER_EVENTS = new Set([
  'push',
  'release',
  'create',
  'delete',
  'repository_dispatch',
  'merge_group',
  'deployment',
  'deployment_status',
  'page_build',
  'registry_package',
]);

/**
 * Any other event (push, release, a pull request while document-merged-pull-requests is off):
 * a `uses:` step in any workflow runs when the workflow gives a prompt, and has nothing to do
 * without one.
 */
function otherEvent(event: GitHubEvent, settings: TriggerSettings): Trigger {
  if (!settings.prompt) return skip(`'${event.name || 'unknown'}' events need a prompt or a job-id`);
  const run = workflowRun(settings);
  if (OWNER_EVENTS.has(event.name) || run.kind !== 'run') return run;
  const requester = event.payload.sender;
  if (!requester) return skip(`the '${event.name}' event names nobody whose permission could be checked`);
  return { ...run, requester };
}

/**
 * `job-id` on any event: follow a job that exists already. Nothing is created, so no quota is spent
 * and no requester is checked; the run reports to `issue-number`, or to the issue or pull request of
 * the event, where the job's progress comment (found by its job id) is finished.
 */
function attachRun(event: GitHubEvent, settings: TriggerSettings): Trigger {
  const { issue, pull_request: pr } = event.payload;
  const number = settings.issueNumber ?? issue?.number ?? pr?.number;
  const tracking = settings.issueNumber !== undefined ? { tracking: true as const } : {};
  return {
    kind: 'run',
    request: '',
    forceNew: false,
    ...(number !== undefined
      ? { issue: { number, isPullRequest: !settings.issueNumber && !issue && !!pr, ...tracking } }
      : {}),
  };
}

function skip(reason: string): Trigger {
  return { kind: 'skip', reason };
}

function issueInfo(issue: NonNullable<GitHubEvent['payload']['issue']>): IssueInfo {
  return {
    number: issue.number,
    title: issue.title ?? '',
    body: issue.body ?? '',
    isPullRequest: issue.pull_request !== undefined && issue.pull_request !== null,
    ...(issue.html_url ? { url: issue.html_url } : {}),
  };
}

const QUESTION = 'a question (the ask-word after the phrase) is answered in ask mode, never by the agent';

/** Whether the request asks a question: it starts with the ask-word (none when it is ''). */
function isQuestion(request: string, settings: TriggerSettings): boolean {
  const askWord = settings.askWord ?? DEFAULT_ASK_WORD;
  if (!askWord) return false;
  const word = askWord.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${word}(?:\\s|$)`, 'i').test(request);
}

/**
 * A question seen by the agent path. Where ask mode is set up it is answered there (an edited one
 * nowhere); where it is not, the workflow was not set up for questions: a skip, never an input
 * error, and the asker is told once on the issue instead of waiting for an answer.
 */
function question(settings: TriggerSettings, asker: Actor | null | undefined, issueNumber: number): Trigger {
  // `asker` undefined: nobody to tell (an edit, or an event that names nobody).
  if (settings.askConfigured !== false) return skip(QUESTION);
  const reason = `questions ('${settings.triggerPhrase} ${settings.askWord ?? DEFAULT_ASK_WORD} …') are not answered here: this workflow does not set up ask mode (its 'domain' and 'assistant-key' inputs)`;
  if (!asker) return skip(reason);
  return {
    kind: 'skip',
    reason,
    tell: {
      who: asker,
      issueNumber,
      reason: 'questions are not answered in this repository, whose workflow has not set up ask mode',
    },
  };
}

function sameActor(a: Actor, b: Actor): boolean {
  return a.login.toLowerCase() === b.login.toLowerCase();
}

/** `new` right after the phrase forces a new job instead of a follow-up. */
function parseNew(request: string): { request: string; forceNew: boolean } {
  const match = /^new(?:\s+|$)/i.exec(request);
  return match ? { request: request.slice(match[0].length), forceNew: true } : { request, forceNew: false };
}
