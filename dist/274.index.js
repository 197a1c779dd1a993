"use strict";
exports.id = 274;
exports.ids = [274];
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


/***/ })

};
;