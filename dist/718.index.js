"use strict";
exports.id = 718;
exports.ids = [718];
exports.modules = {

/***/ 718:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   finishFollowed: () => (/* binding */ finishFollowed)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _github_checks_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6250);
/* harmony import */ var _service_wait_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1326);
/* harmony import */ var _step_deps_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7502);
/* harmony import */ var _step_inputs_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9063);
/* harmony import */ var _text_text_gate_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6882);
/* harmony import */ var _conclude_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4790);
/* harmony import */ var _inputs_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(495);
/* harmony import */ var _lock_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(669);
/* harmony import */ var _thread_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(8401);
/* harmony import */ var _write_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(5663);
// The sweep's side of follow mode: a pull request the in-flight label lists, whose job round no
// run reported. It reads the job once and writes what the waiting run would have written
// (conclude.ts: the one place that writes a round's end), or the plan while the job works.











/** Reads of the job per pull request, at most: a failure that may pass (network, 5xx, 429) is tried again. */
const JOB_READS = 3;
/**
 * Finishes pull request `number` for the sweep, or undefined when no comment on it carries this
 * action's signed follow line (a `/docs` request's job is the agent finisher's).
 *
 * The rule for two at once (two sweeps, or a sweep and a run of follow mode): the end is written
 * only under the pull request's 👀 (lock.ts), the same claim every run of follow mode holds while
 * it works on the job, whose 201 one caller alone gets. A caller that finds it held leaves the pull
 * request to its holder ('active', the label stays: the holder takes it off, or the next sweep
 * sees the end written). Under it, the thread and the check of the head the job was told about
 * are read afresh, and a completed check means the end was written already ('done'): so a check
 * run is concluded once, and the thread's comment written once, however many sweeps overlap.
 */
async function finishFollowed(number, sweep) {
    const context = followContext(number, sweep);
    // A first look through the sweep's read; under the claim the thread is read afresh (finishHeld).
    const found = await (0,_thread_js__WEBPACK_IMPORTED_MODULE_8__/* .findThread */ .qN)(context.issue, { fresh: false });
    if (!found.jobId || !found.known)
        return undefined;
    const { deps, settings } = context;
    const lock = await (0,_lock_js__WEBPACK_IMPORTED_MODULE_10__/* .lockPull */ .dC)(context.issue, settings.timeoutMs + _lock_js__WEBPACK_IMPORTED_MODULE_10__/* .STALE_GRACE_MS */ .yr, () => deps.clock.now());
    if (!lock.held) {
        return { kind: 'active', jobId: found.jobId, detail: `another run holds #${number} since ${lock.since}` };
    }
    try {
        return await finishHeld(context, found.jobId, sweep.deadline);
    }
    catch (error) {
        return { kind: 'error', jobId: found.jobId, detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_5__/* .forMarkdown */ .Bm)((0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error), 300) };
    }
    finally {
        await lock
            .release()
            .catch((error) => deps.runner.log.warning(`Could not let go of #${number}'s 👀: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`));
    }
}
async function finishHeld(context, jobId, deadline = Infinity) {
    const { deps, settings } = context;
    // Read again under the claim: a run may have sent another head, or written the end, meanwhile.
    const thread = await (0,_thread_js__WEBPACK_IMPORTED_MODULE_8__/* .findThread */ .qN)(context.issue);
    if (thread.jobId !== jobId || !thread.known || !thread.state.head) {
        return { kind: 'active', jobId, detail: 'the thread changed meanwhile: left to the next sweep' };
    }
    const head = thread.state.head;
    const headCheck = await checkOf(context, head);
    if (headCheck?.status === 'completed') {
        await (0,_write_js__WEBPACK_IMPORTED_MODULE_9__/* .flagInFlight */ .Uu)(context, false);
        return { kind: 'done', jobId, detail: `the check on ${head.slice(0, 12)} was completed already` };
    }
    const job = await (0,_service_wait_js__WEBPACK_IMPORTED_MODULE_2__/* .readJob */ .cd)({
        client: deps.client,
        id: jobId,
        tries: JOB_READS,
        delayMs: deps.timings.poll.minMs,
        // What is left of the sweep's deadline, not a budget of its own.
        deadline: Math.min(deps.clock.now() + settings.timeoutMs, deadline),
        clock: deps.clock,
        log: deps.runner.log,
        signal: deps.signal,
    }).catch((error) => {
        // A job the service does not know will never end: the round ends now, as a failed one.
        if (error instanceof _base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7 && error.status === 404)
            return undefined;
        throw error;
    });
    if (!job) {
        const why = `job ${jobId} was not found in project '${settings.projectId}'`;
        const verdict = await (0,_conclude_js__WEBPACK_IMPORTED_MODULE_6__/* .failRound */ .xd)(context, thread, head, headCheck?.id, why);
        await (0,_write_js__WEBPACK_IMPORTED_MODULE_9__/* .flagInFlight */ .Uu)(context, false);
        return { kind: 'finished', jobId, detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_5__/* .forMarkdown */ .Bm)(verdict.line, 300) };
    }
    if (!(0,_service_wait_js__WEBPACK_IMPORTED_MODULE_2__/* .isTerminal */ .Hd)(job.status)) {
        const shown = { check: headCheck?.summary ?? '', comment: thread.body };
        await (0,_conclude_js__WEBPACK_IMPORTED_MODULE_6__/* .showPlan */ .tN)(context, thread, job, head, headCheck?.id, shown);
        return { kind: 'active', jobId, detail: `the job is ${(0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_5__/* .forMarkdown */ .Bm)(job.status || 'active', 40)}` };
    }
    const verdict = await (0,_conclude_js__WEBPACK_IMPORTED_MODULE_6__/* .concludeRound */ .EZ)(context, thread, job, head, headCheck?.id);
    return { kind: 'finished', jobId, detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_5__/* .forMarkdown */ .Bm)(verdict.line, 300) };
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
/** What one sweep shares across its pull requests: its service client and follow mode's inputs, read once. */
const shared = new WeakMap();
function followContext(number, sweep) {
    let made = shared.get(sweep);
    if (!made) {
        // The sweep's workflow names the check and the docs token as the follow workflow does.
        const problems = new _step_inputs_js__WEBPACK_IMPORTED_MODULE_4__/* .InputProblems */ .Nh();
        const follow = (0,_inputs_js__WEBPACK_IMPORTED_MODULE_7__/* .readFollowSettings */ .J)(problems);
        problems.throwIfAny();
        // The sweep's own service client, clock and run page: one client (and its retry) for every item.
        const deps = {
            ...(0,_step_deps_js__WEBPACK_IMPORTED_MODULE_3__/* .productionDependencies */ .t)(sweep.settings, sweep.step),
            client: sweep.client,
            clock: sweep.clock,
            runUrl: sweep.runUrl,
            octokit: () => Promise.resolve(sweep.octokit),
        };
        made = { deps, follow };
        shared.set(sweep, made);
    }
    const { deps, follow } = made;
    // The thread the sweep read (one call for many items): the first look needs no read of its own.
    const issue = sweep.threadOf(number);
    return {
        settings: sweep.settings,
        follow,
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