// Ask mode: answers a question from the documentation with the service's assistant. ask/mode.ts
// loads this module (and with it the `ai` package) with a dynamic import, only for runs that ask.
import { ANSWERED_STATUS, FAILED_STATUS, SKIPPED_STATUS, USER_AGENT } from '../base/constants.ts';
import { errorMessage } from '../base/errors.ts';
import type { GitHubEvent } from '../github/event.ts';
import type { Octokit } from '../github/octokit.ts';
import { lazyOctokit } from '../step/deps.ts';
import type { Step } from '../step/mode.ts';
import { missingGitHubToken } from '../step/inputs.ts';
import { systemClock } from '../base/clock.ts';
import { formatSeconds } from '../base/format.ts';
import type { Logger } from '../base/log.ts';
import { checkPermission, isBot } from '../github/permissions.ts';
import { cleanText } from '../text/sanitize.ts';
import { sourceEntries } from '../text/grammar.ts';
import { forLog, forText } from '../text/text-gate.ts';
import { longestSecret } from '../text/secrets.ts';
import { AskClient, type AskBody, type OpenedAnswer } from '../service/assistant.ts';
import { createTransport } from '../service/transport.ts';
import { chatId, findConversation, message } from './comment.ts';
import { issueQuestion } from './trigger.ts';
import type { AskSettings } from './inputs.ts';
import type { AskDecision } from './decide.ts';
import { fingerprint, openWithRetry, publicReason, type OpenDependencies } from './request.ts';
import { renderMarker } from '../github/marker.ts';
import { ANSWERS } from '../outcome/answers.ts';
import { IssueThread } from '../github/thread.ts';
import { checkSources, renderAnswerComment } from './render.ts';
import { READ_LIMITS, readAnswer, type Answer } from '../service/assistant-stream.ts';

export interface AskDependencies extends OpenDependencies {
  octokit: () => Promise<Octokit>;
  runId: string;
}

export interface AskResult {
  status: typeof ANSWERED_STATUS | typeof FAILED_STATUS | typeof SKIPPED_STATUS;
  message: string;
  answer?: Answer;
}

/** The production entry (ask/mode.ts): answers what was decided, and writes the outputs. */
export async function runAsk(decision: AskDecision, event: GitHubEvent, step: Step): Promise<void> {
  const { runner, record } = step;
  let result: AskResult;
  try {
    result =
      decision.kind === 'skip'
        ? skipped(decision, runner.log)
        : await answerQuestion(decision, event, productionDependencies(decision.settings, step));
  } catch (error) {
    // Ask mode's statuses are answered, failed and skipped, whatever went wrong (an input too).
    record.writeOutputs({ status: FAILED_STATUS });
    runner.setFailed(errorMessage(error));
    return;
  }
  const { answer } = result;
  record.writeOutputs({
    status: result.status,
    // The output keeps the answer's lines: it travels in the runner's output file, never in the log.
    answer: forText(answer?.text ?? '', READ_LIMITS.maxText),
    // Fixed forms, checked where they entered (the stream, answerQuestion): used as they are.
    threadId: answer?.threadId ?? '',
    // Page addresses, and a document's file name: it has no address, and none is made up for it.
    sources: JSON.stringify(sourceEntries(answer?.sources ?? [])),
    // Why an answer is incomplete, on one line (gated where it was built), as the command line's `message`.
    ...(answer?.stoppedBy ? { message: result.message } : {}),
  });
  if (result.status === FAILED_STATUS) runner.setFailed(result.message);
  else runner.log.notice(result.message);
}

function productionDependencies(settings: AskSettings, step: Step): AskDependencies {
  const { runner, timings, signal } = step;
  return {
    client: new AskClient({
      baseUrl: settings.baseUrl,
      domain: settings.domain,
      assistantKey: settings.assistantKey,
      transport: createTransport(USER_AGENT),
      requestTimeoutMs: timings.ask.requestMs,
      debug: (line) => runner.log.debug(line),
      now: () => Date.now(),
    }),
    clock: systemClock,
    log: runner.log,
    octokit: lazyOctokit(settings.githubToken, settings.timeoutMs, step),
    signal,
    runId: process.env.GITHUB_RUN_ID ?? '',
    timings: timings.ask,
  };
}

/** A run ask mode decided has nothing to answer: its input errors are not judged. */
function skipped(decision: Extract<AskDecision, { kind: 'skip' }>, log: Logger): AskResult {
  if (decision.problems.messages.length) {
    log.debug(`Not judged, as this run has nothing to answer: ${decision.problems.messages.join(' ')}`);
  }
  return { status: SKIPPED_STATUS, message: decision.notice };
}

/**
 * Checks who asked and streams the answer to the decided question to the issue. The decision's
 * input errors are thrown only once the asker passed the permission check.
 */
export async function answerQuestion(
  { trigger, question, settings, problems }: Extract<AskDecision, { kind: 'ask' }>,
  event: GitHubEvent,
  deps: AskDependencies,
): Promise<AskResult> {
  const needsGitHub = trigger.issue !== undefined || trigger.requester !== undefined;
  if (needsGitHub && !settings.githubToken) {
    throw missingGitHubToken('this event needs it to check who asked and to answer on the issue');
  }
  const octokit = needsGitHub ? await deps.octokit() : undefined;
  if (octokit && trigger.requester) {
    const everyone = settings.askPermission === 'none' && isPublic(event) && !isBot(trigger.requester);
    if (!everyone) {
      const level = settings.askPermission === 'none' ? 'read' : settings.askPermission;
      const verdict = await checkPermission(octokit, event.repository, trigger.requester, {
        requiredPermission: level,
        allowedBots: settings.allowedBots,
      });
      if (!verdict.allowed) {
        const why = isBot(trigger.requester)
          ? 'questions from bots are only taken from those listed in allowed-bots'
          : `only people with ${level} access to this repository can ask questions`;
        return { status: SKIPPED_STATUS, message: `Not answered for ${forLog(trigger.requester.login, 60)}: ${why}.` };
      }
    }
  }
  // Who may ask is settled: now the inputs of ask mode are judged, every error at once.
  problems.throwIfAny();

  const repository = `${event.repository.owner}/${event.repository.repo}`;
  const target = trigger.issue && { ...event.repository, issueNumber: trigger.issue.number };
  const thread = octokit && target ? new IssueThread(octokit, target, deps.log, settings.assistantKey) : undefined;
  const earlier =
    thread && !trigger.newThread
      ? await findConversation(thread, settings, issueQuestion(event, settings)).catch((error: unknown) => {
          deps.log.warning(
            `Could not read the issue's earlier answers, so this starts a new conversation: ${errorMessage(error)}`,
          );
          return undefined;
        })
      : undefined;

  const questionRef = trigger.commentId
    ? `c${trigger.commentId}`
    : trigger.issue && !settings.prompt
      ? 'i'
      : `r${deps.runId.replace(/\D/g, '')}`;
  const scope = { repository, issueNumber: trigger.issue?.number ?? 0 };
  // No thread id is sent: its key would have to be kept on GitHub, where it is public. Each question
  // starts a new thread that carries the conversation so far (ask/comment.ts).
  const body: AskBody = {
    id: earlier?.chatId ?? chatId(scope, questionRef),
    trigger: 'submit-message',
    fp: fingerprint(repository, trigger.requester),
    messages: [...(earlier?.messages ?? []), message(scope, questionRef, 'user', question)],
    retrievalPageSize: settings.retrievalPageSize,
    ...(trigger.contextTitle ? { context: [{ type: 'textSelection', value: cleanText(trigger.contextTitle) }] } : {}),
  };
  const turns = earlier?.messages.length ?? 0;
  deps.log.info(
    `Asking the assistant (${turns ? `with the ${turns} earlier message${turns === 1 ? '' : 's'} of this issue's conversation` : 'a new conversation'}): ${forLog(question, 200)}`,
  );

  const comment = thread?.live({ intervalMs: deps.timings.editEveryMs, now: deps.clock.now, what: 'the answer' });
  let headerThread = '';
  const render = (answer: Answer, state: 'streaming' | 'complete' | 'incomplete'): string =>
    renderAnswerComment({
      marker: thread
        ? renderMarker({ kind: 'ask', threadId: answer.threadId || headerThread, question: questionRef }, thread.scope)
        : '',
      answer: answer.text,
      sources: answer.sources,
      state,
      ...(answer.stoppedBy ? { reason: answer.stoppedBy } : {}),
    });

  const deadline = deps.clock.now() + settings.timeoutMs;
  const stop = AbortSignal.any([deps.signal, AbortSignal.timeout(Math.max(1, settings.timeoutMs))]);
  let opened: OpenedAnswer;
  try {
    opened = await openWithRetry(deps, body, stop, deadline);
  } catch (error) {
    const message = errorMessage(error);
    if (comment) {
      await comment.finish(
        render({ text: '', sources: [], threadId: '', finished: false, stoppedBy: publicReason(error) }, 'incomplete'),
      );
    }
    return {
      status: ANSWERS.unanswered.status,
      message: ANSWERS.unanswered.message({ where: '', sources: 0, reason: message }),
    };
  }

  headerThread = opened.threadId ?? '';
  const answer = await readAnswer(opened.stream, (sofar) => comment?.update(() => render(sofar, 'streaming')), {
    ...READ_LIMITS,
    overlap: longestSecret(),
    signal: stop,
    stopReason: () =>
      deps.signal.aborted
        ? 'the run was cancelled while the answer was being written'
        : `no complete answer within 'timeout-minutes' (${formatSeconds(settings.timeoutMs)})`,
  });
  // The header names the thread its key belongs to; the stream's own id is the fallback.
  if (headerThread) answer.threadId = headerThread;
  // The sources as they go on, to the comment and the `sources` output: each rebuilt by its grammar.
  const { kept, refused } = checkSources(answer.sources);
  for (const source of refused) {
    const shown = source.url ? `: ${forLog(source.url, 120)}` : '.';
    deps.log.warning(`A source link of the answer ${source.problem}, so it is not listed${shown}`);
  }
  answer.sources = kept;
  const complete = answer.finished && !answer.stoppedBy;
  await comment?.finish(render(answer, complete ? 'complete' : 'incomplete'));
  const where = comment?.id ? ` on #${target?.issueNumber}` : '';
  const reason = complete ? '' : forLog(answer.stoppedBy ?? 'it stopped early', 300);
  const row = ANSWERS[complete ? 'answered' : 'incomplete'];
  return { status: row.status, message: row.message({ where, sources: answer.sources.length, reason }), answer };
}

function isPublic(event: GitHubEvent): boolean {
  return (event.payload.repository as { private?: boolean } | undefined)?.private === false;
}
