"use strict";
exports.id = 197;
exports.ids = [197,274];
exports.modules = {

/***/ 9274:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   refuseOverBacklog: () => (/* binding */ refuseOverBacklog),
/* harmony export */   vetDocsLink: () => (/* binding */ vetDocsLink),
/* harmony export */   vetOpenedDocs: () => (/* binding */ vetOpenedDocs)
/* harmony export */ });
/* harmony import */ var _github_permissions_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5435);
/* harmony import */ var _step_backlog_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9990);
/* harmony import */ var _outcome_decide_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2586);



function accessOf(octokit, event, settings, deps) {
    return {
        octokit,
        repository: event.repository,
        key: settings.apiKey,
        docsToken: settings.backlog?.docsToken ?? '',
        docsRepository: settings.backlog?.docsRepository,
        timeoutMs: settings.timeoutMs,
        step: deps,
    };
}
/**
 * With `max-open-docs-prs`, a request that would create a new job (no `job-id`, no job on its issue
 * yet: a follow-up of an existing job is never held back) is refused at the limit: a skip, green,
 * with the refusal reply on the issue (reply-on-refusal). Undefined: go on.
 */
async function refuseOverBacklog(request, event, settings, deps) {
    const { progress, trigger } = request;
    if (!settings.backlog?.maxOpenDocsPrs || settings.jobId)
        return undefined;
    // A run without an issue (a prompt on a schedule) counts too, when it has a token to count with.
    const octokit = request.octokit ?? (settings.githubToken ? await deps.octokit() : undefined);
    if (!octokit)
        return undefined;
    // A failed read judges nothing: a GitHub hiccup refuses nobody.
    const found = progress ? await progress.find().catch(() => undefined) : [];
    if (!found || found.some((progressComment) => progressComment.jobId))
        return undefined;
    const full = await (0,_step_backlog_js__WEBPACK_IMPORTED_MODULE_1__/* .backlogFull */ .$7)(accessOf(octokit, event, settings, deps), settings.backlog);
    if (!full)
        return undefined;
    const who = trigger.requester;
    // Bots get no reply, as for every refusal: two bots would answer each other for ever.
    if (progress && who && settings.replyOnRefusal && !(0,_github_permissions_js__WEBPACK_IMPORTED_MODULE_0__/* .isBot */ .w)(who))
        await progress.refuse(who.login, full.reason);
    return { kind: 'skipped', message: `Not started: ${full.reason}.` };
}
/** The request of a run, as the docs pull request's signed line names it; number 0: none (a prompt on a schedule). */
function requestOf(trigger) {
    const number = trigger.issue?.number ?? trigger.mergedPullRequest;
    if (number === undefined)
        return { number: 0, pull: false };
    return { number, pull: trigger.issue ? trigger.issue.isPullRequest === true : true };
}
/**
 * The outcome as the run may report it: a link the one check (step/docs-access.ts) refuses is not
 * reported as a docs pull request (nor notified, nor output, nor marked) but named as text, with
 * the reason, as any link the run cannot vouch for (decide-outcome.ts). A link no token here may
 * read, or one in another repository while 'docs-repository' is unset, is reported as the
 * service's word and never touched; a failed read is a warning and changes nothing. `mark` marks
 * the docs pull request the outcome names as this action's, with what the check read.
 */
async function vetOpenedDocs(ran, octokit, trigger, event, settings, deps) {
    const access = octokit ? accessOf(octokit, event, settings, deps) : undefined;
    const request = requestOf(trigger);
    const { outcome, docs } = await vetDocsLink(ran, access, request, deps.runner.log);
    const mark = async () => {
        const { job, prLink } = outcome;
        if (access && request.number && job && prLink)
            await (0,_step_backlog_js__WEBPACK_IMPORTED_MODULE_1__/* .markDocsPull */ .Y5)(access, prLink, { ...request, jobId: job.id }, job, docs);
    };
    return { outcome, mark };
}
/** `vetOpenedDocs` for any run that reports a job's end (the sweep's too), with its access and request. */
async function vetDocsLink(outcome, access, request, log) {
    const { job, prLink } = outcome;
    if (!job || !prLink)
        return { outcome };
    const { job: refused, docs } = await (0,_step_backlog_js__WEBPACK_IMPORTED_MODULE_1__/* .vetJobLink */ .Li)(access, job, request, log);
    if (refused === job)
        return { outcome, docs };
    if (outcome.kind !== 'pull-request')
        return { outcome: { ...outcome, job: refused, prLink: '' } };
    return { outcome: (0,_outcome_decide_js__WEBPACK_IMPORTED_MODULE_2__/* .decideOutcome */ .dl)({ job: refused, end: 'terminal' }, { elapsedMs: 0, session: outcome.session }) };
}


/***/ }),

/***/ 1197:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   agentFinisher: () => (/* binding */ agentFinisher)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _github_progress_comment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6396);
/* harmony import */ var _github_progress_view_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7848);
/* harmony import */ var _service_wait_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1326);
/* harmony import */ var _step_backlog_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9990);
/* harmony import */ var _text_text_gate_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6882);
/* harmony import */ var _conversation_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(978);
/* harmony import */ var _outcome_decide_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2586);
/* harmony import */ var _live_progress_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(175);
/* harmony import */ var _backlog_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(9274);
/* harmony import */ var _outcome_words_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(6909);











/** How often a job is read before the sweep names the failure (retry.ts waits out 429 and Retry-After). */
const READ_TRIES = 3;
/**
 * Agent mode's part of the sweep (src/sweep/): finishes the requests of an issue or pull request
 * whose job no run saw the end of (`wait: false`, a run cancelled or timed out). The issue's
 * comments are the sweep's read (SweepContext `threadOf`: many threads in one call); each of this
 * action's signed progress comments still in flight (its marker's `open`) has its job read once. A
 * job that ended gets the final word a waiting run would have written, through the same
 * Conversation and outcomes table, under the same claim (conversation.ts); one still active gets
 * its plan refreshed, edited only when that changes the comment. The label comes off once no
 * request of the issue is in flight. Undefined when no progress comment of this action is on the
 * issue: the next finisher is asked.
 */
const agentFinisher = {
    name: 'agent',
    async finish(item, context) {
        const { step, octokit } = context;
        // The thread the sweep read (one call for many items), shared with the finishers asked before.
        const progress = _github_progress_comment_js__WEBPACK_IMPORTED_MODULE_1__/* .ProgressComments */ .W.over(octokit, context.threadOf(item.number));
        const found = await progress.thread.signed('progress');
        if (!found.length)
            return undefined;
        const open = found.filter(({ marker }) => marker.open !== undefined && marker.jobId);
        const results = [];
        for (const comment of open) {
            if (step.signal.aborted)
                break;
            results.push(await finishOne(comment, progress, context, item.pullRequest));
        }
        const result = results.length ? worst(results) : alreadyDone(found.at(-1)?.marker.jobId ?? '');
        // The index keeps the issue while a request of it is in flight: active, failed to finish, or
        // claimed by a finisher that may still be writing (the next sweep looks again).
        const settled = results.length === open.length && results.every(({ kind }) => kind === 'finished');
        if (settled || !results.length)
            await progress.inFlight(false);
        return result;
    },
};
/** One request in flight: its job read once, then finished, or its plan refreshed. */
async function finishOne(comment, progress, context, pullRequest) {
    const { step, client, clock } = context;
    const { jobId } = comment.marker;
    try {
        const deadline = Math.min(clock.now() + step.timings.serviceRequestMs * READ_TRIES, context.deadline ?? Infinity);
        const job = await (0,_service_wait_js__WEBPACK_IMPORTED_MODULE_3__/* .readKnownJob */ .lR)((0,_service_wait_js__WEBPACK_IMPORTED_MODULE_3__/* .readsOf */ .JP)({ ...step, client, clock }, { id: jobId, tries: READ_TRIES, deadline }));
        // A job the service does not know: the request ends now with the error a waiting run gives,
        // rather than in every sweep's errors.
        if (!job) {
            const message = `Job ${jobId} was not found in project '${context.settings.projectId}'; ask again to start a new one.`;
            const startedAt = workingSince(comment.body) ?? new Date(clock.now()).toISOString();
            const gone = (0,_outcome_decide_js__WEBPACK_IMPORTED_MODULE_7__/* .errorOutcome */ .zY)(message, undefined, message);
            const done = await conversationOf(comment, progress, context, startedAt).finishSwept(gone, 0, clock.now());
            return done === 'claimed' ? claimed(jobId) : { kind: 'finished', jobId, detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_5__/* .forMarkdown */ .Bm)(message, 300) };
        }
        // The agent's plan and last message: for the final word, or for a plan the sweep shows.
        const ended = (0,_service_wait_js__WEBPACK_IMPORTED_MODULE_3__/* .isTerminal */ .Hd)(job.status);
        const session = ended || !(0,_outcome_words_js__WEBPACK_IMPORTED_MODULE_10__/* .waitedFor */ .a6)(comment.body) ? await readSession(context, jobId) : undefined;
        const startedAt = job.createdAt ?? workingSince(comment.body) ?? new Date(clock.now()).toISOString();
        const conversation = conversationOf(comment, progress, context, startedAt);
        const elapsedMs = Math.max(0, clock.now() - Date.parse(startedAt));
        if (!ended)
            return await refresh(conversation, comment, { job, session, elapsedMs }, progress);
        const agentMessage = job.status !== 'completed' ? session?.messageToUser : undefined;
        const decided = (0,_outcome_decide_js__WEBPACK_IMPORTED_MODULE_7__/* .decideOutcome */ .dl)({ job, end: 'terminal' }, { elapsedMs, agentMessage, session });
        // The reported link goes through the one check (step/docs-access.ts) before the comment names it.
        const request = { number: progress.issueNumber, pull: pullRequest };
        const { outcome, docs } = await (0,_backlog_js__WEBPACK_IMPORTED_MODULE_9__.vetDocsLink)(decided, (0,_step_backlog_js__WEBPACK_IMPORTED_MODULE_4__/* .sweepAccess */ .h2)(context), request, step.runner.log);
        const done = await conversation.finishSwept(outcome, elapsedMs, clock.now());
        if (done === 'claimed')
            return claimed(jobId);
        // The docs pull request it opened is marked as this action's (step/backlog.ts), as a waiting run does.
        if (outcome.prLink)
            await (0,_step_backlog_js__WEBPACK_IMPORTED_MODULE_4__/* .markDocsPull */ .Y5)((0,_step_backlog_js__WEBPACK_IMPORTED_MODULE_4__/* .sweepAccess */ .h2)(context), outcome.prLink, { ...request, jobId }, job, docs);
        return { kind: 'finished', jobId, detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_5__/* .forMarkdown */ .Bm)(outcome.publicMessage ?? outcome.message, 300) };
    }
    catch (error) {
        step.runner.log.warning(`Could not finish job ${jobId} on #${progress.issueNumber}: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
        return { kind: 'error', jobId, detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_5__/* .forMarkdown */ .Bm)((0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .publicErrorMessage */ .p)(error), 300) };
    }
}
/** The conversation a waiting run of the request would have had, rebuilt from its signed comment. */
function conversationOf(comment, progress, context, startedAt) {
    const { jobId, triggers, open = '' } = comment.marker;
    return new _conversation_js__WEBPACK_IMPORTED_MODULE_6__/* .Conversation */ .s({
        progress,
        deps: { runner: context.step.runner, runUrl: context.runUrl },
        request: requestOf(triggers, open, progress.issueNumber),
        startedAt,
        detached: true,
        sweep: true,
        found: { commentId: comment.id, triggers, jobId },
    });
}
/**
 * A job still working: the comment shows its plan in the working words (which say a sweep reports
 * the end), edited only when that changes what it shows, the time worked and the footer aside.
 * A comment a waiting run is writing is left to it (a run killed without its post step leaves the
 * last plan it showed, until the end).
 */
async function refresh(conversation, comment, { job, session, elapsedMs }, progress) {
    const plan = { title: session?.title, steps: session?.todos, elapsedMs };
    const view = conversation.workingBody(plan);
    const body = view && (0,_github_progress_view_js__WEBPACK_IMPORTED_MODULE_2__/* .renderProgress */ .E)(view, progress.thread.scope);
    // A run that waits shows the plan itself; a detached, cancelled or timed-out request's comment is the sweep's.
    const changed = body && withoutTime(body) !== withoutTime(comment.body);
    if (changed && !(0,_outcome_words_js__WEBPACK_IMPORTED_MODULE_10__/* .waitedFor */ .a6)(comment.body))
        await conversation.showPlan?.(plan);
    const todos = session?.todos ?? [];
    const steps = todos.length ? `, ${(0,_live_progress_js__WEBPACK_IMPORTED_MODULE_8__/* .countDone */ .qQ)(todos)} of ${todos.length} steps done` : '';
    return { kind: 'active', jobId: job.id, detail: `Still ${job.status || 'running'}${steps}.` };
}
/** The v1 session (title, plan, the agent's message): an extra, as for a waiting run. */
async function readSession(context, jobId) {
    try {
        return await context.client.getSession(jobId, context.step.timings.serviceRequestMs, context.step.signal);
    }
    catch (error) {
        context.step.runner.log.debug(`Could not read the v1 session of job ${jobId}: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
        return undefined;
    }
}
/**
 * The request the comment's job works on (its marker's last key): where the reactions go and
 * whom to tell, as the run that asked would have (conversation.ts `forRun`).
 */
function requestOf(triggers, open, issueNumber) {
    const key = triggers.at(-1) ?? '';
    const id = Number(key.slice(1));
    const subject = key.startsWith('c') && Number.isSafeInteger(id)
        ? { kind: 'comment', id }
        : key.startsWith('i')
            ? { kind: 'issue', number: issueNumber }
            : undefined;
    return { key, subject, notify: open || undefined };
}
/** When the working comment says the agent started: "since 2026-11-25 02:01 UTC". */
function workingSince(body) {
    const since = / since (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC;/.exec(body.split('\n')[1] ?? '');
    return since ? `${since[1]}T${since[2]}:00.000Z` : undefined;
}
/** The comment without what changes at every sweep: the time worked, and the footer's run. */
function withoutTime(body) {
    return body
        .trimEnd()
        .split('\n')
        .slice(0, -1)
        .filter((line) => !line.startsWith('_Working for') && !line.startsWith('_Took'))
        .join('\n');
}
const ORDER = ['error', 'active', 'done', 'finished'];
/** The item's line: the one that needs the reader most, the jobs of all. */
function worst(results) {
    const [first] = [...results].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
    const jobs = [...new Set(results.map(({ jobId }) => jobId))].join(', ');
    return { kind: first?.kind ?? 'done', jobId: jobs, detail: first?.detail ?? '' };
}
function claimed(jobId) {
    return { kind: 'done', jobId, detail: 'Another run or sweep claimed its end and is writing it.' };
}
function alreadyDone(jobId) {
    return { kind: 'done', jobId, detail: 'Its end was written already; the label is taken off.' };
}


/***/ })

};
;