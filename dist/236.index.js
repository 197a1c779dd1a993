"use strict";
exports.id = 236;
exports.ids = [236];
exports.modules = {

/***/ 6250:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ writeCheck),
/* harmony export */   findChecks: () => (/* binding */ findChecks)
/* harmony export */ });
/* unused harmony export isOurCheck */
/* harmony import */ var _marker_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4329);

/** GitHub's limits on a check run's output: a title of 255 characters (by the UI), a summary of 65,535. */
const MAX_TITLE = 255;
const MAX_SUMMARY = 65_535;
/**
 * What makes a check run this action's: its `external_id`, which only the app that creates a check
 * run can set, is `docs-agent:<sig>`, an HMAC keyed by the api-key (github/marker.ts) over the
 * repository, the commit and the check's name. The app alone is not enough: a workflow job's check
 * run belongs to the same app as GITHUB_TOKEN, so a CI job named "Docs" looks like the action's
 * by app and name; it carries no such id and is never read as, or rewritten into, this action's.
 * A check of another app is never this action's either: GitHub lets only the app that created a
 * check run update it, and one that copied the id would only see the update refused.
 */
const EXTERNAL_PREFIX = 'docs-agent:';
function externalId(key, repository, sha, name) {
    const repo = `${repository.owner}/${repository.repo}`.toLowerCase();
    return `${EXTERNAL_PREFIX}${(0,_marker_js__WEBPACK_IMPORTED_MODULE_0__/* .signFields */ .XJ)(key, ['check', repo, sha.toLowerCase(), name])}`;
}
/** Whether `external` is this action's id for check `name` on `sha`. */
function isOurCheck(external, key, repository, sha, name) {
    if (!external?.startsWith(EXTERNAL_PREFIX))
        return false;
    const expected = externalId(key, repository, sha, name).slice(EXTERNAL_PREFIX.length);
    return (0,_marker_js__WEBPACK_IMPORTED_MODULE_0__/* .sameSignature */ .bc)(external.slice(EXTERNAL_PREFIX.length), expected);
}
/**
 * This action's check runs named `name` on `sha` (of at most 100 listed: one head gets a few, one
 * per run that reported on it), newest first. Only those with this action's signed id count (see
 * `isOurCheck`): a CI job or another app's check of the same name is never taken for one, never
 * rewritten, and never stops this action from writing its own.
 */
async function findChecks(octokit, repository, sha, name, key) {
    const { data } = await octokit.rest.checks.listForRef({
        ...repository,
        ref: sha,
        check_name: name,
        filter: 'latest',
        per_page: 100,
    });
    return data.check_runs
        .filter((run) => isOurCheck(run.external_id, key, repository, sha, name))
        .map((run) => ({ id: run.id, status: run.status, summary: run.output.summary ?? '' }));
}
function output(view) {
    return { title: view.title.slice(0, MAX_TITLE), summary: view.summary.slice(0, MAX_SUMMARY) };
}
/**
 * The one check of `name` on `sha`: updated when this action made one there already (`existing`,
 * from `findChecks`), created with this action's signed id when not.
 */
async function writeCheck(octokit, repository, sha, name, view, key, existing) {
    const state = view.conclusion
        ? { status: 'completed', conclusion: view.conclusion, completed_at: new Date().toISOString() }
        : { status: 'in_progress' };
    const details = view.detailsUrl ? { details_url: view.detailsUrl } : {};
    if (existing !== undefined) {
        await octokit.rest.checks.update({
            ...repository,
            check_run_id: existing,
            ...state,
            ...details,
            output: output(view),
        });
        return existing;
    }
    const { data } = await octokit.rest.checks.create({
        ...repository,
        name,
        head_sha: sha,
        external_id: externalId(key, repository, sha, name),
        ...state,
        ...details,
        output: output(view),
    });
    return data.id;
}


/***/ }),

/***/ 2139:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AC: () => (/* binding */ listChangedFiles),
/* harmony export */   DQ: () => (/* binding */ readPullRequest),
/* harmony export */   Ij: () => (/* binding */ reopenPullRequest),
/* harmony export */   Jt: () => (/* binding */ commentOn),
/* harmony export */   NM: () => (/* binding */ compareRange),
/* harmony export */   d6: () => (/* binding */ closePullRequest),
/* harmony export */   iR: () => (/* binding */ setDraft)
/* harmony export */ });
async function readPullRequest(octokit, repository, number) {
    const { data } = await octokit.rest.pulls.get({ ...repository, pull_number: number });
    return {
        number: data.number,
        nodeId: data.node_id,
        state: data.state === 'closed' ? 'closed' : 'open',
        merged: data.merged === true,
        draft: data.draft === true,
        title: data.title,
        body: data.body ?? '',
        url: data.html_url,
        headSha: data.head.sha,
        baseSha: data.base.sha,
        labels: data.labels.map((label) => label.name),
        author: { login: data.user.login, type: data.user.type },
    };
}
/** At most this many pages of 100 files are read: GitHub itself lists 3,000 files at most. */
const MAX_FILE_PAGES = 3;
/** The pull request's changed files, at most 300, and whether there were more. */
async function listChangedFiles(octokit, repository, number) {
    const files = [];
    let pages = 0;
    let more = false;
    for await (const page of octokit.paginate.iterator(octokit.rest.pulls.listFiles, {
        ...repository,
        pull_number: number,
        per_page: 100,
    })) {
        files.push(...page.data.map(changedFile));
        if (++pages >= MAX_FILE_PAGES) {
            more = page.data.length === 100;
            break;
        }
    }
    return { files, more };
}
function changedFile(file) {
    return {
        filename: file.filename,
        status: file.status,
        additions: file.additions,
        deletions: file.deletions,
        patch: file.patch,
    };
}
/** `base...head`, one page: GitHub answers up to 250 commits and 300 files, which is more than a prompt takes. */
async function compareRange(octokit, repository, base, head) {
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
        ...repository,
        basehead: `${base}...${head}`,
        per_page: 100,
    });
    return {
        base,
        head,
        commits: data.commits.map((commit) => ({
            sha: commit.sha,
            subject: (commit.commit.message.split('\n', 1)[0] ?? '').slice(0, 200),
        })),
        totalCommits: data.total_commits,
        files: (data.files ?? []).map(changedFile),
    };
}
/** A comment on an issue or pull request; returns its address. */
async function commentOn(octokit, repository, number, body) {
    const { data } = await octokit.rest.issues.createComment({ ...repository, issue_number: number, body });
    return data.html_url;
}
async function closePullRequest(octokit, repository, number) {
    await octokit.rest.pulls.update({ ...repository, pull_number: number, state: 'closed' });
}
async function reopenPullRequest(octokit, repository, number) {
    await octokit.rest.pulls.update({ ...repository, pull_number: number, state: 'open' });
}
/**
 * Draft and ready for review exist only in GraphQL. `draft: true` converts the pull request to a
 * draft, `false` marks it ready for review.
 */
async function setDraft(octokit, nodeId, draft) {
    const mutation = draft
        ? 'mutation($id: ID!) { convertPullRequestToDraft(input: {pullRequestId: $id}) { pullRequest { isDraft } } }'
        : 'mutation($id: ID!) { markPullRequestReadyForReview(input: {pullRequestId: $id}) { pullRequest { isDraft } } }';
    await octokit.graphql(mutation, { id: nodeId });
}


/***/ }),

/***/ 9367:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ refusedOverBacklog),
/* harmony export */   H: () => (/* binding */ markFollowedDocs)
/* harmony export */ });
/* harmony import */ var _base_constants_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7212);
/* harmony import */ var _github_progress_comment_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6396);
/* harmony import */ var _step_backlog_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4177);
/* harmony import */ var _text_text_gate_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6882);
/* harmony import */ var _docs_pull_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2141);
/* harmony import */ var _thread_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8401);
// Follow mode's two touches of the docs pull request backlog (step/backlog.ts): the limit before a
// pull request's first job, and the mark on the docs pull request its job opened. Kept apart from
// run.ts and follow.ts.






/**
 * With `max-open-docs-prs`, a pull request without a job yet (its follow-ups are never held back)
 * gets none at the limit: a neutral check on its head, the refusal reply (reply-on-refusal), a
 * skip with a notice; the step stays green. Returns whether it was refused.
 */
async function refusedOverBacklog(context, backlog, pull, check) {
    if (!backlog.maxOpenDocsPrs)
        return false;
    if ((await (0,_thread_js__WEBPACK_IMPORTED_MODULE_5__/* .findThread */ .qN)(context.issue)).jobId)
        return false;
    const full = await (0,_step_backlog_js__WEBPACK_IMPORTED_MODULE_2__/* .backlogFull */ .$7)((0,_docs_pull_js__WEBPACK_IMPORTED_MODULE_4__/* .docsAccess */ .wH)(context), backlog);
    if (!full)
        return false;
    const { deps, settings } = context;
    await check(context, pull.headSha, {
        title: `skipped: the docs pull requests are at max-open-docs-prs (${full.limit})`,
        summary: `Not started: ${full.reason}. A push or a \`/docs\` comment asks again.`,
        conclusion: 'neutral',
    });
    if (settings.replyOnRefusal) {
        await new _github_progress_comment_js__WEBPACK_IMPORTED_MODULE_1__/* .ProgressComments */ .W(context.octokit, { ...context.repository, issueNumber: context.number }, deps.runner.log, settings.apiKey).refuse(pull.author.login, full.reason);
    }
    deps.record.writeOutputs({ status: _base_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .SKIPPED_STATUS */ .ml, message: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_3__/* .forOutput */ .np)(`skipped: ${full.reason}`) });
    deps.runner.log.notice(`Not started: ${full.reason}.`);
    return true;
}
/** The docs pull request the pull request's job opened is marked as this action's, for it. */
async function markFollowedDocs(context, link, job) {
    await (0,_step_backlog_js__WEBPACK_IMPORTED_MODULE_2__/* .markDocsPull */ .Y5)((0,_docs_pull_js__WEBPACK_IMPORTED_MODULE_4__/* .docsAccess */ .wH)(context), link, { number: context.number, pull: true, jobId: job.id }, job);
}


/***/ }),

/***/ 4790:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  EZ: () => (/* binding */ concludeRound),
  xd: () => (/* binding */ failRound),
  tN: () => (/* binding */ showPlan),
  Q1: () => (/* binding */ workingHeadline)
});

// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/github/pull-requests.ts
var pull_requests = __webpack_require__(2139);
// EXTERNAL MODULE: ./src/text/text-gate.ts
var text_gate = __webpack_require__(6882);
// EXTERNAL MODULE: ./src/pulls/backlog.ts
var backlog = __webpack_require__(9367);
// EXTERNAL MODULE: ./src/pulls/docs-pull.ts
var docs_pull = __webpack_require__(2141);
;// CONCATENATED MODULE: ./src/pulls/plan-view.ts

const SYMBOL = {
    completed: '✅',
    in_progress: '🔄',
    cancelled: '✖️',
    pending: '⬜',
};
/**
 * The agent's plan as markdown lines, each step inert (the service's words): what the check's
 * summary and the progress comment show while the job works. A list with symbols, not a task list,
 * whose boxes a reader could tick.
 */
function planLines(session) {
    const steps = session?.todos ?? [];
    if (steps.length === 0)
        return [];
    const done = steps.filter((step) => step.status === 'completed').length;
    return [
        ...(session?.title ? [`**${(0,text_gate/* forMarkdown */.Bm)(session.title, 200)}**`, ''] : []),
        ...steps.map((step) => `- ${SYMBOL[step.status]} ${(0,text_gate/* forMarkdown */.Bm)(step.content, 200)}`),
        '',
        `_${done} of ${steps.length} steps done_`,
    ];
}

;// CONCATENATED MODULE: ./src/pulls/verdict.ts

const MAX_REASON = 200;
function reason(text, fallback) {
    const line = (0,text_gate/* forText */.zA)((text ?? '').replace(/\s+/g, ' ').trim(), MAX_REASON);
    return line || fallback;
}
function verdictOf(job, session) {
    switch (job.status) {
        case 'completed':
            return job.prLink
                ? { line: `docs PR #${job.prNumber ?? ''}`, conclusion: 'success' }
                : {
                    line: `no documentation change needed: ${reason(session?.messageToUser, 'the agent changed no files')}`,
                    conclusion: 'success',
                };
        case 'failed':
            return {
                line: `failed: ${reason(session?.messageToUser, 'the job failed on the service')}`,
                conclusion: 'failure',
            };
        case 'archived':
            return { line: 'failed: the job was archived before it finished', conclusion: 'failure' };
        default:
            return { line: 'working', conclusion: undefined };
    }
}
function failedVerdict(why) {
    return { line: `failed: ${reason(why, 'the action could not run the job')}`, conclusion: 'failure' };
}

// EXTERNAL MODULE: ./src/pulls/write.ts
var write = __webpack_require__(5663);
;// CONCATENATED MODULE: ./src/pulls/conclude.ts
// The two things said about a round of a followed pull request's job, each written from one place
// whoever says it: the waiting run (follow.ts) or the sweep (finish-followed.ts). The plan while
// the job works, and the end once it ended: the verdict on the check of the head the job was told
// about and in the thread, the docs pull request a draft until the code merges, the label off.








function workingHeadline(head) {
    return `⏳ **Docs:** the agent is updating the documentation for ${head.slice(0, 12)}.`;
}
/**
 * The job's plan on the head's check and in the thread, written only when it differs from
 * `shown` (what the caller last saw written). Returns what is shown now; '' while the service
 * reports no plan (nothing is written then).
 */
async function showPlan(context, thread, job, head, checkId, shown) {
    const lines = planLines(await (0,write/* readSession */.lx)(context, job.id));
    const text = lines.join('\n');
    if (!text)
        return '';
    if (text !== shown.check)
        await (0,write/* check */.z6)(context, head, (0,write/* working */.Cc)(text), checkId);
    // The comment's plan is what lies between its headline and its footer; the footer names the run
    // that wrote it last, so it is not compared (each sweep is another run).
    if (!shown.comment.includes(`${workingHeadline(head)}\n\n${text}\n`)) {
        await (0,write/* say */.cv)(context, thread, { headline: workingHeadline(head), lines });
    }
    return text;
}
/**
 * The end of a round, for a job that ended: its verdict (verdict.ts, the one wording) concludes the
 * check of `head` (the head the job was told about) and heads the thread's comment; the docs pull
 * request is made a draft while the code pull request is open (draft-until-merged; at the merge,
 * run.ts marks it ready); then the in-flight label comes off. The caller holds the pull request
 * (lock.ts), so one run or sweep at a time writes this.
 */
async function concludeRound(context, thread, job, head, checkId) {
    const { follow } = context;
    const session = await (0,write/* readSession */.lx)(context, job.id);
    const verdict = verdictOf(job, session);
    const toDraft = !!job.prLink && follow.draftUntilMerged && !thread.state.drafted && (await codeOpen(context));
    const drafted = toDraft && job.prLink ? await (0,docs_pull/* draftDocs */.F$)(context, job.prLink, job) : false;
    if (drafted)
        thread.state = { ...thread.state, drafted: true };
    if (job.prLink)
        await (0,backlog/* markFollowedDocs */.H)(context, job.prLink, job);
    const link = job.prLink ? ` <${job.prLink}>` : '';
    const summary = [`**${(0,text_gate/* forMarkdown */.Bm)(verdict.line)}**${link}`, '', `Job \`${job.id}\`, told about ${head}.`];
    await (0,write/* check */.z6)(context, head, { title: verdict.line, summary: summary.join('\n'), conclusion: verdict.conclusion }, checkId);
    await (0,write/* say */.cv)(context, thread, {
        headline: `${verdict.conclusion === 'failure' ? '❌' : '✅'} **Docs:** ${(0,text_gate/* forMarkdown */.Bm)(verdict.line)}${link}`,
        lines: [
            `Up to date with ${head.slice(0, 12)}${thread.state.drafted ? '; the docs pull request stays a draft until this one merges' : ''}.`,
        ],
        message: session?.messageToUser,
    });
    await (0,write/* flagInFlight */.Uu)(context, false);
    return verdict;
}
/**
 * Whether the code pull request is open now: it may have closed while the job worked, and docs
 * for code that merged are not made a draft. Unknown (the read failed) counts as open, as before.
 */
async function codeOpen(context) {
    try {
        return (await (0,pull_requests/* readPullRequest */.DQ)(context.octokit, context.repository, context.number)).state === 'open';
    }
    catch (error) {
        context.deps.runner.log.warning(`Could not read pull request #${context.number}: ${(0,errors/* errorMessage */.gJ)(error)}`);
        return true;
    }
}
/**
 * A round that failed before its job could end (the service refused the job, or no longer knows
 * it): the failed verdict on the head's check and, when the thread has a comment of the job, there.
 */
async function failRound(context, thread, head, checkId, why) {
    const verdict = failedVerdict(why);
    const line = (0,text_gate/* forMarkdown */.Bm)(verdict.line);
    await (0,write/* check */.z6)(context, head, { title: verdict.line, summary: line, conclusion: 'failure' }, checkId);
    if (thread.jobId)
        await (0,write/* say */.cv)(context, thread, { headline: `❌ **Docs:** ${line}` });
    return verdict;
}


/***/ }),

/***/ 2141:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F$: () => (/* binding */ draftDocs),
/* harmony export */   XA: () => (/* binding */ reopenDocs),
/* harmony export */   wH: () => (/* binding */ docsAccess),
/* harmony export */   z5: () => (/* binding */ settleDocs)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _github_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2139);
/* harmony import */ var _step_backlog_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4177);



/** What reaches the docs repository from a followed pull request (step/backlog.ts). */
function docsAccess(context) {
    return {
        octokit: context.octokit,
        repository: context.repository,
        key: context.settings.apiKey,
        docsToken: context.follow.docsToken,
        timeoutMs: context.settings.timeoutMs,
        step: context.deps,
    };
}
/**
 * The docs pull request `link` names and a client that may write to it, when the one check
 * (step/docs-access.ts) says it is this job's; otherwise why not. A failed read is a reason too.
 */
async function docsPull(context, link, jobId, job) {
    try {
        const pull = await (0,_step_backlog_js__WEBPACK_IMPORTED_MODULE_1__/* .ourDocsPull */ .$h)(docsAccess(context), link, { number: context.number, jobId, pull: true }, job);
        if (pull.ok)
            return { docs: pull.docs, number: pull.number, octokit: pull.octokit };
        return {
            problem: pull.noToken
                ? "no token here may write to it: set 'docs-token' to have this done"
                : `it ${pull.problem}`,
        };
    }
    catch (error) {
        return { problem: `reading it failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error).slice(0, 200)}` };
    }
}
/**
 * Draft until merged: converts the docs pull request to a draft while the code pull request is open,
 * so nobody merges docs for code that is not merged. Returns whether it is a draft by this action's
 * hand now. A token that cannot is no failure: the docs pull request stays as it is, with a notice.
 */
async function draftDocs(context, link, job) {
    const found = await docsPull(context, link, job.id, job);
    const { log } = context.deps.runner;
    if ('problem' in found) {
        log.notice(`The docs pull request ${link} is not kept a draft: ${found.problem} ` + `(or set 'draft-until-merged: false').`);
        return false;
    }
    const { docs, octokit } = found;
    try {
        const pull = await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .readPullRequest */ .DQ)(octokit, docs, found.number);
        if (pull.draft || pull.state === 'closed')
            return pull.draft;
        await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .setDraft */ .iR)(octokit, pull.nodeId, true);
        log.info(`The docs pull request ${link} is a draft until the code pull request merges.`);
        return true;
    }
    catch (error) {
        log.warning(`Could not make the docs pull request ${link} a draft: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
        return false;
    }
}
/**
 * The code pull request closed: the docs pull request is closed with a comment that links it, or,
 * when it merged, told so and marked ready for review when this action had made it a draft. Returns
 * the line for the thread: what was done, or what someone with access should do.
 */
async function settleDocs(context, link, merged, drafted, codeUrl, jobId) {
    const found = await docsPull(context, link, jobId);
    // The link is in the thread's headline (a checked pull request link); these lines are words only.
    const todo = merged
        ? 'The code merged: the docs pull request can be reviewed and merged.'
        : 'The code pull request was closed without merging: the docs pull request can be closed.';
    if ('problem' in found)
        return { done: false, line: `${todo} (Nothing was done to it: ${found.problem}.)` };
    const { octokit } = found;
    const docs = { repository: found.docs, number: found.number };
    try {
        if (merged) {
            await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .commentOn */ .Jt)(octokit, docs.repository, docs.number, `The code pull request ${codeUrl} was merged.`);
            if (drafted) {
                const pull = await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .readPullRequest */ .DQ)(octokit, docs.repository, docs.number);
                if (pull.draft)
                    await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .setDraft */ .iR)(octokit, pull.nodeId, false);
            }
            const done = drafted ? 'is marked ready for review' : 'is told so';
            return { done: true, line: `The code merged: the docs pull request ${done}.` };
        }
        await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .commentOn */ .Jt)(octokit, docs.repository, docs.number, `The code pull request ${codeUrl} was closed without merging, so these docs are closed too.`);
        await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .closePullRequest */ .d6)(octokit, docs.repository, docs.number);
        return { done: true, line: 'The code pull request was closed without merging: the docs pull request is closed.' };
    }
    catch (error) {
        context.deps.runner.log.warning(`Could not update the docs pull request ${link}: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
        return { done: false, line: `${todo} (Updating it failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error).slice(0, 200)})` };
    }
}
/**
 * The code pull request was reopened after this action closed its docs pull request (closed
 * unmerged): the docs pull request is reopened with a comment that links it, so the job's next
 * follow-ups land on it again. A docs pull request merged or deleted meanwhile stays as it is.
 * Returns the line for the thread, and whether the docs are open again.
 */
async function reopenDocs(context, link, codeUrl, jobId) {
    const found = await docsPull(context, link, jobId);
    if ('problem' in found) {
        return {
            done: false,
            line: `The code pull request was reopened: the docs pull request can be reopened. (Nothing was done to it: ${found.problem}.)`,
        };
    }
    const { octokit } = found;
    const docs = { repository: found.docs, number: found.number };
    try {
        const pull = await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .readPullRequest */ .DQ)(octokit, docs.repository, docs.number);
        if (pull.merged)
            return { done: true, line: 'The code pull request was reopened; its docs pull request was merged meanwhile.' };
        if (pull.state === 'closed') {
            await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .reopenPullRequest */ .Ij)(octokit, docs.repository, docs.number);
            await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .commentOn */ .Jt)(octokit, docs.repository, docs.number, `The code pull request ${codeUrl} was reopened, so these docs are reopened too.`);
        }
        return { done: true, line: 'The code pull request was reopened: so is the docs pull request.' };
    }
    catch (error) {
        context.deps.runner.log.warning(`Could not reopen the docs pull request ${link}: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
        return {
            done: false,
            line: `The code pull request was reopened; reopening the docs pull request failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error).slice(0, 200)}`,
        };
    }
}


/***/ }),

/***/ 495:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ readFollowSettings)
/* harmony export */ });
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7170);
/* harmony import */ var _base_constants_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7212);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4758);
/* harmony import */ var _text_secrets_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9690);
/* harmony import */ var _step_inputs_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9063);





/** The most follow-ups the budget may allow: each costs one of the project's 100 requests an hour. */
const MAX_FOLLOW_UPS = 100;
/** Follow mode's inputs, every error at once in `problems`; a wrong value is read as its default. */
function readFollowSettings(problems) {
    const docsToken = _actions_core__WEBPACK_IMPORTED_MODULE_0__.getInput(_base_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.DocsToken);
    if (docsToken) {
        _actions_core__WEBPACK_IMPORTED_MODULE_0__.setSecret(docsToken);
        (0,_text_secrets_js__WEBPACK_IMPORTED_MODULE_3__/* .registerSecret */ .cl)(docsToken);
    }
    const check = problems.check;
    return {
        docsToken,
        draftUntilMerged: check(readDraftUntilMerged, true),
        skipLabel: _actions_core__WEBPACK_IMPORTED_MODULE_0__.getInput(_base_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.SkipLabel).trim(),
        maxFollowUps: check(readMaxFollowUps, 10),
        checkName: check(readCheckName, 'Docs'),
        wait: check(() => (0,_step_inputs_js__WEBPACK_IMPORTED_MODULE_4__/* .readBoolean */ .Vf)(_base_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.Wait, true), true),
    };
}
function readDraftUntilMerged() {
    const raw = _actions_core__WEBPACK_IMPORTED_MODULE_0__.getInput(_base_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.DraftUntilMerged);
    if (!raw || /^(true|yes|on)$/i.test(raw))
        return true;
    if (/^(false|no|off)$/i.test(raw))
        return false;
    throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigError */ .xL(`Invalid '${_base_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.DraftUntilMerged}' '${raw.slice(0, 40)}': expected true or false.`);
}
function readMaxFollowUps() {
    const raw = _actions_core__WEBPACK_IMPORTED_MODULE_0__.getInput(_base_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.MaxFollowUps) || '10';
    const count = Number(raw);
    if (!Number.isSafeInteger(count) || count < 0 || count > MAX_FOLLOW_UPS) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigError */ .xL(`Invalid '${_base_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.MaxFollowUps}' '${raw.slice(0, 40)}': expected a whole number from 0 to ${MAX_FOLLOW_UPS}, ` +
            `for example "${_base_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.MaxFollowUps}: 10".`);
    }
    return count;
}
/** GitHub's limit for a check run's name is not documented; its UI cuts long ones, so 100 is plenty. */
function readCheckName() {
    const raw = (_actions_core__WEBPACK_IMPORTED_MODULE_0__.getInput(_base_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.CheckName) || 'Docs').trim();
    if (raw.length > 100 || /[\r\n]/.test(raw)) {
        throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .ConfigError */ .xL(`Invalid '${_base_constants_js__WEBPACK_IMPORTED_MODULE_1__/* .Input */ .pd.CheckName}': use one line of at most 100 characters, for example "Docs".`);
    }
    return raw;
}


/***/ }),

/***/ 669:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   dC: () => (/* binding */ lockPull),
/* harmony export */   yr: () => (/* binding */ STALE_GRACE_MS)
/* harmony export */ });
/* unused harmony export LOCK_REACTION */
/* harmony import */ var _github_rate_limit_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7403);

/**
 * One run at a time brings a pull request's job up to date. GitHub's one atomic primitive is the
 * reaction (claim.ts, through the issue thread's `react`): the first POST of a reaction answers 201, every later one of the same token
 * 200. The run that gets 201 holds the pull request (👀 on it while it works) and deletes the
 * reaction when it is done; a run that gets 200 folds its push into the holder's next follow-up:
 * the holder reads the head again after each job round and after letting go, so no push is left
 * unsent. A holder killed before it let go (no run outlives its timeout) leaves a reaction that is
 * taken over once it is older than the longest run could be.
 */
const LOCK_REACTION = 'eyes';
/** A lock older than the longest run (timeout-minutes) and this much more was left by a killed run. */
const STALE_GRACE_MS = 15 * 60_000;
async function lockPull(issue, staleAfterMs, now) {
    const subject = { kind: 'issue', number: issue.issueNumber };
    for (let attempt = 0; attempt < 2; attempt++) {
        let answer;
        try {
            answer = await issue.react(LOCK_REACTION, subject);
        }
        catch (error) {
            // A token that may not react (no 'issues: write') is a refusal, not a holder: the run goes on
            // unlocked and says so, as a claim refused does (claim.ts). Anything else is thrown.
            const status = error.status;
            if (status !== 403 || (0,_github_rate_limit_js__WEBPACK_IMPORTED_MODULE_0__/* .isRateLimited */ .J)(error))
                throw error;
            issue.log.warning("GitHub refused the 👀 that lets one run at a time update this pull request's job: going on unlocked, " +
                "so runs that overlap could each send a push. Give the token 'issues: write'.");
            return { held: true, id: undefined, release: async () => { } };
        }
        const { created, id, createdAt } = answer;
        const release = () => issue.unreact(subject, id);
        if (created)
            return { held: true, id, release };
        const age = now() - Date.parse(createdAt);
        if (attempt > 0 || !(age > staleAfterMs))
            return { held: false, since: heldSince(createdAt) };
        // Older than any run may live: its holder was killed. Taken over, and claimed again atomically.
        await release();
    }
    return { held: false, since: heldSince('') };
}
/** GitHub's `created_at` as "2026-11-21 10:03 UTC", or 'an unknown time' when it is not a time. */
function heldSince(createdAt) {
    const at = Date.parse(createdAt);
    return Number.isNaN(at) ? 'an unknown time' : `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}


/***/ }),

/***/ 8401:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  qN: () => (/* binding */ findThread),
  BW: () => (/* binding */ renderThread),
  OE: () => (/* binding */ writeThread)
});

// UNUSED EXPORTS: NEW_STATE

// EXTERNAL MODULE: ./src/github/marker.ts
var marker = __webpack_require__(4329);
// EXTERNAL MODULE: ./src/text/text-gate.ts
var text_gate = __webpack_require__(6882);
;// CONCATENATED MODULE: ./src/pulls/marker.ts

const FOLLOW_PREFIX = '<!-- docs-agent-follow';
const SHA = /^[0-9a-f]{40}$/;
function fields(jobId, state) {
    return [jobId, state.head || '-', String(state.sent), state.drafted ? '1' : '0', state.closed || '-'];
}
/** The codec's signing (github/marker.ts), for the follow line's own kind. */
function sign(scope, values) {
    return (0,marker/* signFields */.XJ)(scope.key, ['follow', scope.repository.toLowerCase(), String(scope.issueNumber), ...values]);
}
function renderFollowState(jobId, state, scope) {
    const clean = { ...state, head: SHA.test(state.head) ? state.head : '' };
    const [, head, sent, drafted, closed] = fields(jobId, clean);
    return `${FOLLOW_PREFIX} head=${head} sent=${sent} drafted=${drafted} closed=${closed} sig=${sign(scope, fields(jobId, clean))} -->`;
}
/**
 * The follow state of `body`'s second line, when this action signed it for this job and scope.
 * Undefined otherwise: a comment rewritten by a `/docs` request (which keeps only the first line)
 * or a line typed by someone without the key.
 */
function parseFollowState(body, jobId, scope) {
    const line = body.split('\n', 2)[1] ?? '';
    const match = /^<!-- docs-agent-follow head=([0-9a-f]{40}|-) sent=(\d{1,4}) drafted=([01]) closed=(closed|merged|-) sig=([0-9a-f]+) -->$/.exec(line.trimEnd());
    if (!match)
        return undefined;
    const [, head = '-', sent = '0', drafted = '0', closed = '-', signature = ''] = match;
    const state = {
        head: head === '-' ? '' : head,
        sent: Number(sent),
        drafted: drafted === '1',
        closed: closed === '-' ? '' : closed,
    };
    return (0,marker/* sameSignature */.bc)(signature, sign(scope, fields(jobId, state))) ? state : undefined;
}

;// CONCATENATED MODULE: ./src/pulls/thread.ts



const NEW_STATE = { head: '', sent: 0, drafted: false, closed: '' };
/**
 * The thread of the pull request: the progress comment this action signed that follows it, or,
 * when a `/docs` request made the job (a fork's pull request), that request's latest progress
 * comment with a job: follow mode joins it. The comments are read through the one issue-thread
 * reader (github/thread.ts: bounded, only comments by a bot with a marker signed for this
 * repository, pull request and key), afresh each time: another run may have written meanwhile.
 * `fresh: false` takes the thread as read already (the sweep's first look, before its claim).
 */
async function findThread(issue, { fresh = true } = {}) {
    let joined;
    for (const { id, body, marker } of await issue.signed('progress', { fresh })) {
        if (!marker.jobId)
            continue;
        const state = parseFollowState(body, marker.jobId, issue.scope);
        const thread = { commentId: id, jobId: marker.jobId, triggers: marker.triggers, body };
        if (state)
            return { ...thread, state, known: true };
        joined = { ...thread, state: { ...NEW_STATE }, known: false };
    }
    return joined ?? { commentId: undefined, jobId: '', triggers: [], state: { ...NEW_STATE }, known: true, body: '' };
}
function renderThread(thread, view, scope, key) {
    const triggers = thread.triggers.includes(key) ? thread.triggers : [...thread.triggers, key];
    const footer = [`job \`${thread.jobId}\``, view.runUrl ? `[workflow run](${view.runUrl})` : ''].filter(Boolean);
    return [
        (0,marker/* renderMarker */.Bd)({ kind: 'progress', jobId: thread.jobId, triggers }, scope),
        renderFollowState(thread.jobId, thread.state, scope),
        view.headline,
        ...(view.lines?.length ? ['', ...view.lines] : []),
        ...(view.message ? ['', `> ${(0,text_gate/* forMarkdown */.Bm)(view.message, 2_000)}`] : []),
        '',
        footer.join(' · '),
    ].join('\n');
}
/** Writes the thread's comment (created the first time); returns its id. */
async function writeThread(issue, thread, body) {
    if (thread.commentId !== undefined) {
        await issue.edit(thread.commentId, body);
        return thread.commentId;
    }
    return (await issue.create(body)).id;
}


/***/ }),

/***/ 5663:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cc: () => (/* binding */ working),
/* harmony export */   Uu: () => (/* binding */ flagInFlight),
/* harmony export */   cv: () => (/* binding */ say),
/* harmony export */   lx: () => (/* binding */ readSession),
/* harmony export */   z6: () => (/* binding */ check)
/* harmony export */ });
/* unused harmony export followKey */
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _github_checks_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6250);
/* harmony import */ var _github_in_flight_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2319);
/* harmony import */ var _thread_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8401);
// What follow mode writes on GitHub, each write a warning when it fails (the job's work is never
// lost to a comment or a check that could not be written): the head's check, the thread's
// comment, and the in-flight label that leaves an unreported job to the sweep.




/** The key of a followed pull request in the progress marker's request keys. */
function followKey(number) {
    return `i${number}`;
}
function working(summary) {
    return { title: 'working', summary };
}
/** The head's check of this action: the one a run made there before (a re-run picks it up), or a new one. */
async function check(context, sha, view, known) {
    const { octokit, repository, follow, deps } = context;
    try {
        const key = context.settings.apiKey;
        const existing = known ?? (await (0,_github_checks_js__WEBPACK_IMPORTED_MODULE_1__.findChecks)(octokit, repository, sha, follow.checkName, key))[0]?.id;
        const shown = { ...view, detailsUrl: deps.runUrl };
        return await (0,_github_checks_js__WEBPACK_IMPORTED_MODULE_1__/* .writeCheck */ .a)(octokit, repository, sha, follow.checkName, shown, key, existing);
    }
    catch (error) {
        deps.runner.log.warning(`Could not write the '${follow.checkName}' check on ${sha.slice(0, 12)} (needs 'checks: write'): ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
        return known;
    }
}
/** Writes the thread's comment; a failure is a warning. */
async function say(context, thread, view) {
    const { number, scope, deps } = context;
    try {
        const body = (0,_thread_js__WEBPACK_IMPORTED_MODULE_2__/* .renderThread */ .BW)(thread, { ...view, runUrl: deps.runUrl }, scope, followKey(number));
        thread.commentId = await (0,_thread_js__WEBPACK_IMPORTED_MODULE_2__/* .writeThread */ .OE)(context.issue, thread, body);
        thread.body = body;
    }
    catch (error) {
        deps.runner.log.warning(`Could not write the progress comment on #${number} (needs 'pull-requests: write'): ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
    }
}
/**
 * The in-flight label (github/in-flight.ts) on the pull request while a round of its job has not
 * been reported (`on`), off once its end is written. A failure is a warning: without the label the
 * sweep does not find the job, and the next event on the pull request still does.
 */
async function flagInFlight(context, on) {
    const { octokit, repository, number, deps } = context;
    try {
        await (on ? _github_in_flight_js__WEBPACK_IMPORTED_MODULE_3__/* .markInFlight */ .BE : _github_in_flight_js__WEBPACK_IMPORTED_MODULE_3__/* .clearInFlight */ .PC)(octokit, repository, number);
    }
    catch (error) {
        deps.runner.log.warning(`Could not ${on ? 'put the in-flight label on' : 'take the in-flight label off'} #${number} ` +
            `(needs 'issues: write'): ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
    }
}
/** The job's session (its plan, its message), or undefined when it cannot be read now. */
async function readSession(context, jobId) {
    try {
        return await context.deps.client.getSession(jobId, context.deps.timings.serviceRequestMs, context.deps.signal);
    }
    catch {
        return undefined;
    }
}


/***/ })

};
;