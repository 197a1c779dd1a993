"use strict";
exports.id = 170;
exports.ids = [170];
exports.modules = {

/***/ 9170:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   pullsFinisher: () => (/* binding */ pullsFinisher)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _github_checks_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6250);
/* harmony import */ var _github_pull_requests_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(2139);
/* harmony import */ var _service_wait_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1326);
/* harmony import */ var _step_deps_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7502);
/* harmony import */ var _text_text_gate_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6882);
/* harmony import */ var _conclude_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3037);
/* harmony import */ var _follow_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2223);
/* harmony import */ var _lock_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(669);
/* harmony import */ var _docs_pull_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2141);
/* harmony import */ var _thread_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(7522);
/* harmony import */ var _write_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(5663);












/** Reads of the job per pull request, at most: a failure that may pass (network, 5xx, 429) is tried again. */
const JOB_READS = 3;
/**
 * Follow mode's finisher (step/finish.ts): what the sweep asks of a labelled pull request whose
 * round no run reported (a `wait: false` run, a run cancelled or out of time), finished exactly as
 * the waiting run would have; undefined for an item without this action's signed follow line (a
 * `/docs` request's job is the agent finisher's). The job is read once; its end is written by
 * conclude.ts, the one place that writes a round's end, or its plan shown while it works.
 *
 * The rule for two at once (two sweeps, or a sweep and a run of follow mode): the end is written
 * only under the pull request's lock (lock.ts, `underLock`), the same every run of follow mode
 * holds while it works on the job, whose 201 one caller alone gets. A caller that finds it held
 * leaves the pull request to its holder ('active', the label stays: the holder takes it off, or
 * the next sweep sees the end written). Under it, the thread and the check of the head the job was
 * told about are read afresh, and a completed check means the end was written already ('done'): so
 * a check run is concluded once, and the thread's comment written once, however many sweeps overlap.
 */
const pullsFinisher = {
    name: 'pulls',
    async finish(item, sweep) {
        if (!item.pullRequest)
            return undefined;
        const context = followContext(item.number, sweep);
        // A first look through the sweep's read; under the lock the thread is read afresh (finishHeld).
        const found = await (0,_thread_js__WEBPACK_IMPORTED_MODULE_9__/* .findThread */ .qN)(context.issue, { fresh: false });
        // A thread without a job is this finisher's only while a create may have reached the service.
        if (!found.known || !(found.jobId || found.state.head))
            return undefined;
        try {
            const held = await (0,_lock_js__WEBPACK_IMPORTED_MODULE_7__/* .underLock */ .y)(context, () => finishHeld(context, found.jobId, sweep.deadline));
            if (held.held)
                return held.value;
            return { kind: 'active', jobId: found.jobId, detail: `another run holds #${item.number} since ${held.since}` };
        }
        catch (error) {
            return { kind: 'error', jobId: found.jobId, detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_4__/* .forMarkdown */ .Bm)((0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error), 300) };
        }
    },
};
async function finishHeld(context, jobId, deadline = Infinity) {
    const { deps, settings } = context;
    // Read again under the claim: a run may have sent another head, or written the end, meanwhile.
    const thread = await (0,_thread_js__WEBPACK_IMPORTED_MODULE_9__/* .findThread */ .qN)(context.issue);
    if (!jobId && !thread.jobId && thread.known && thread.state.head) {
        const head = thread.state.head;
        const verdict = await (0,_conclude_js__WEBPACK_IMPORTED_MODULE_5__/* .mayExist */ .tC)(context, thread, head, (await checkOf(context, head))?.id);
        return { kind: 'finished', jobId, detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_4__/* .forMarkdown */ .Bm)(verdict.line, 300) };
    }
    if (thread.jobId !== jobId || !thread.known || !thread.state.head) {
        return { kind: 'active', jobId, detail: 'the thread changed meanwhile: left to the next sweep' };
    }
    const head = thread.state.head;
    const headCheck = await checkOf(context, head);
    if (headCheck?.status === 'completed') {
        await (0,_write_js__WEBPACK_IMPORTED_MODULE_10__/* .flagInFlight */ .Uu)(context, false);
        return sendQueued(context, {
            kind: 'done',
            jobId,
            detail: `the check on ${head.slice(0, 12)} was completed already`,
        });
    }
    // What is left of the sweep's deadline, not a budget of its own.
    const until = Math.min(deps.clock.now() + settings.timeoutMs, deadline);
    const job = await (0,_service_wait_js__WEBPACK_IMPORTED_MODULE_2__/* .readKnownJob */ .lR)((0,_service_wait_js__WEBPACK_IMPORTED_MODULE_2__/* .readsOf */ .JP)(deps, { id: jobId, tries: JOB_READS, deadline: until }));
    // A job the service does not know will never end: the round ends now, as a failed one.
    if (!job) {
        const why = `job ${jobId} was not found in project '${settings.projectId}'`;
        const verdict = await (0,_conclude_js__WEBPACK_IMPORTED_MODULE_5__/* .failRound */ .xd)(context, thread, head, headCheck?.id, why);
        await (0,_write_js__WEBPACK_IMPORTED_MODULE_10__/* .flagInFlight */ .Uu)(context, false);
        return { kind: 'finished', jobId, detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_4__/* .forMarkdown */ .Bm)(verdict.line, 300) };
    }
    if (!(0,_service_wait_js__WEBPACK_IMPORTED_MODULE_2__/* .isTerminal */ .Hd)(job.status)) {
        const shown = { check: headCheck?.summary ?? '', comment: thread.body };
        await (0,_conclude_js__WEBPACK_IMPORTED_MODULE_5__/* .showPlan */ .tN)(context, thread, job, head, headCheck?.id, shown);
        return { kind: 'active', jobId, detail: `the job is ${(0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_4__/* .forMarkdown */ .Bm)(job.status || 'active', 40)}` };
    }
    // Fresh once the job ended: the code pull request may have closed or moved on meanwhile.
    const code = await (0,_conclude_js__WEBPACK_IMPORTED_MODULE_5__/* .readCode */ .wr)(context);
    const verdict = await (0,_conclude_js__WEBPACK_IMPORTED_MODULE_5__/* .concludeRound */ .EZ)(context, thread, await (0,_docs_pull_js__WEBPACK_IMPORTED_MODULE_8__/* .vetFollowedJob */ .tl)(context, job), head, headCheck?.id, code);
    return sendQueued(context, { kind: 'finished', jobId, detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_4__/* .forMarkdown */ .Bm)(verdict.line, 300) }, code);
}
/**
 * A head the job was not told about, left in flight by a run that played its rounds (held.ts): sent
 * now without waiting, under the claim this sweep holds; the next sweep reports its end.
 */
async function sendQueued(context, done, read) {
    // Fresh under the claim, unless read already once the job ended.
    const pull = read ?? (await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_11__/* .readPullRequest */ .DQ)(context.octokit, context.repository, context.number));
    const thread = await (0,_thread_js__WEBPACK_IMPORTED_MODULE_9__/* .findThread */ .qN)(context.issue);
    if (pull.state !== 'open' || !thread.jobId || thread.state.head === pull.headSha)
        return done;
    // Only a head whose check says it waits for a follow-up: another push's own run is on its way.
    const queued = await checkOf(context, pull.headSha);
    if (queued?.status === 'completed' || !queued?.summary.startsWith(_write_js__WEBPACK_IMPORTED_MODULE_10__/* .QUEUED */ .I$))
        return done;
    const round = await (0,_follow_js__WEBPACK_IMPORTED_MODULE_6__/* .followRound */ .Y)({ ...context, follow: { ...context.follow, wait: false } }, pull);
    const detail = `${done.detail}; sent ${pull.headSha.slice(0, 12)}: ${round.verdict.line}`;
    return { kind: round.interrupted ? 'active' : done.kind, jobId: thread.jobId, detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_4__/* .forMarkdown */ .Bm)(detail, 300) };
}
/** The check of this action on `head`, or undefined when there is none or it cannot be read (a warning). */
async function checkOf(context, head) {
    const { octokit, repository, follow, deps } = context;
    try {
        return (await (0,_github_checks_js__WEBPACK_IMPORTED_MODULE_1__.findChecks)(octokit, repository, head, follow.checkName, context.settings.apiKey))[0];
    }
    catch (error) {
        deps.runner.log.warning(`Could not read the '${follow.checkName}' check on ${head.slice(0, 12)}: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
        return undefined;
    }
}
/** What one sweep shares across its pull requests: its service client, clock and run page. */
const shared = new WeakMap();
function followContext(number, sweep) {
    let deps = shared.get(sweep);
    if (!deps) {
        deps = {
            ...(0,_step_deps_js__WEBPACK_IMPORTED_MODULE_3__/* .productionDependencies */ .t)(sweep.settings, sweep.step),
            client: sweep.client,
            clock: sweep.clock,
            runUrl: sweep.runUrl,
            octokit: () => Promise.resolve(sweep.octokit),
        };
        shared.set(sweep, deps);
    }
    // The thread the sweep read (one call for many items): the first look needs no read of its own.
    const issue = sweep.threadOf(number);
    return {
        settings: sweep.settings,
        // Decided once, by the sweep's mode: the check's name and the docs token, as the follow workflow names them.
        follow: sweep.follow,
        deps,
        octokit: sweep.octokit,
        repository: sweep.repository,
        number,
        scope: issue.scope,
        issue,
    };
}


/***/ })

};
;