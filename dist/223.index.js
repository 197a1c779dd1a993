"use strict";
exports.id = 223;
exports.ids = [223];
exports.modules = {

/***/ 6250:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   a: () => (/* binding */ writeCheck),
/* harmony export */   findChecks: () => (/* binding */ findChecks)
/* harmony export */ });
/** GitHub's limits on a check run's output: a title of 255 characters (by the UI), a summary of 65,535. */
const MAX_TITLE = 255;
const MAX_SUMMARY = 65_535;
/**
 * The check runs named `name` on `sha` (at most 100: one head gets a few, one per run that reported
 * on it), newest first. Only those of the token's own App count: another App's check of the same
 * name is never touched (GitHub would refuse the update anyway).
 */
async function findChecks(octokit, repository, sha, name) {
    const { data } = await octokit.rest.checks.listForRef({
        ...repository,
        ref: sha,
        check_name: name,
        filter: 'latest',
        per_page: 100,
    });
    return data.check_runs.map((run) => ({ id: run.id, status: run.status, summary: run.output.summary ?? '' }));
}
function output(view) {
    return { title: view.title.slice(0, MAX_TITLE), summary: view.summary.slice(0, MAX_SUMMARY) };
}
/** The one check of `name` on `sha`: updated when this action made one there already, created when not. */
async function writeCheck(octokit, repository, sha, name, view, existing) {
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
        ...state,
        ...details,
        output: output(view),
    });
    return data.id;
}


/***/ }),

/***/ 3894:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lv: () => (/* binding */ listDocsPrs),
/* harmony export */   M4: () => (/* binding */ closeDocsPr),
/* harmony export */   S9: () => (/* binding */ countOpenDocsPrs),
/* harmony export */   "in": () => (/* binding */ readRequest),
/* harmony export */   jv: () => (/* binding */ docsPrOf),
/* harmony export */   p: () => (/* binding */ markDocsPr)
/* harmony export */ });
/* unused harmony exports DOCS_PR_LABEL, MAX_DOCS_PRS, renderDocsMarker, readDocsMarker */
/* harmony import */ var _text_grammar_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9018);
/* harmony import */ var _marker_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4329);


/**
 * The docs pull requests this action's jobs opened, known without a scan and without trusting
 * anyone's word. The service opens them; whenever a run (or the sweep) learns a job's docs pull
 * request, it marks it twice:
 * - the label DOCS_PR_LABEL, so that the docs repository lists them, open ones first, in one
 *   call per hundred (GET /repos/{o}/{r}/issues?labels=…: pull requests carry a `pull_request` field);
 * - a signed line at the end of the docs pull request's description,
 *   `<!-- docs-agent-docs for=<owner>/<repo>#<n> pull=<0|1> job=<id> sig=<hmac> -->`, naming the
 *   request (the code repository's issue or pull request) and the job. It is in the description,
 *   not a comment, because the list call returns descriptions: verifying a whole page costs no call.
 * The label is only the cheap index: anyone with triage access can put it on anything. What makes a
 * pull request this action's is the signature of the one marker codec (github/marker.ts, kind
 * `docs`), an HMAC keyed by the api-key over the docs repository (lower case), the docs pull
 * request's number and the fields, so a line copied to another pull request or typed by someone without the key is never
 * believed. Nothing is ever closed or counted without it. A description rewritten without the line
 * (by a person, or by the service) only takes the pull request out of the backlog's hands.
 */
const DOCS_PR_LABEL = 'docs-agent: docs';
/** Docs pull requests read at most per listing: 3 pages of 100, the oldest update first. */
const MAX_DOCS_PRS = 300;
const PER_PAGE = 100;
/** A description is at most 65,536 characters on GitHub; only this many marker-like lines are tried. */
const MAX_MARKER_LINES = 5;
/** The docs pull request a job's link names: `https://<host>/<owner>/<repo>/pull/<n>` (checked by the client). */
function docsPrOf(link) {
    const [, , , owner = '', repo = '', kind = '', number = ''] = link.split('/');
    const parsed = Number(number);
    return owner && repo && kind === 'pull' && Number.isSafeInteger(parsed) && parsed > 0
        ? { repository: { owner, repo }, number: parsed }
        : undefined;
}
/** What a docs pull request's marker is signed for: the docs repository and the docs pull request. */
function scopeOf(key, docs, docsNumber) {
    return { key, repository: `${docs.owner}/${docs.repo}`, issueNumber: docsNumber };
}
/** The signed line for docs pull request `docsNumber` of `docs`; undefined for a request it may not hold. */
function renderDocsMarker(key, docs, docsNumber, request) {
    const ref = `${request.repository}#${request.number}`;
    if (!_text_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .ISSUE_REF */ .ss.test(ref) || !_text_grammar_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_ID */ .mu.test(request.jobId))
        return undefined;
    const marker = { kind: 'docs', request: ref, pull: request.pull, jobId: request.jobId };
    return (0,_marker_js__WEBPACK_IMPORTED_MODULE_1__/* .renderMarker */ .Bd)(marker, scopeOf(key, docs, docsNumber));
}
/**
 * The request of the first line of `body` this action signed for this docs pull request, or
 * undefined. Each line that starts like the marker is read by the one codec (github/marker.ts), at
 * most MAX_MARKER_LINES of them.
 */
function readDocsMarker(body, key, docs, docsNumber) {
    const scope = scopeOf(key, docs, docsNumber);
    let tried = 0;
    for (const raw of body.split('\n')) {
        const line = raw.trim();
        if (!line.startsWith(_marker_js__WEBPACK_IMPORTED_MODULE_1__/* .DOCS_MARKER_PREFIX */ .Iw))
            continue;
        if (++tried > MAX_MARKER_LINES)
            return undefined;
        const marker = (0,_marker_js__WEBPACK_IMPORTED_MODULE_1__/* .readMarker */ .t7)(line, scope, 'docs');
        if (!marker)
            continue;
        const at = marker.request.lastIndexOf('#');
        return {
            repository: marker.request.slice(0, at),
            number: Number(marker.request.slice(at + 1)),
            pull: marker.pull,
            jobId: marker.jobId,
        };
    }
    return undefined;
}
/**
 * Marks docs pull request `number` as this action's, for `request`: the signed line appended to its
 * description (unless a line of this action is there already: the first request it was opened for
 * keeps it) and the label (GitHub creates it on first use). Idempotent; one read when nothing is
 * missing. Throws: the caller decides whether a failure is a warning.
 */
async function markDocsPr(octokit, docs, number, request, key) {
    const { data } = await octokit.rest.pulls.get({ ...docs, pull_number: number });
    const body = data.body ?? '';
    const signed = readDocsMarker(body, key, docs, number) !== undefined;
    const labelled = data.labels.some((label) => label.name.toLowerCase() === DOCS_PR_LABEL.toLowerCase());
    if (signed && labelled)
        return 'known';
    if (!signed) {
        const line = renderDocsMarker(key, docs, number, request);
        if (!line)
            throw new Error(`the request ${request.repository}#${request.number} cannot be named in a marker`);
        await octokit.rest.pulls.update({ ...docs, pull_number: number, body: `${body.trimEnd()}\n\n${line}\n` });
    }
    if (!labelled)
        await octokit.rest.issues.addLabels({ ...docs, issue_number: number, labels: [DOCS_PR_LABEL] });
    return 'marked';
}
/**
 * The pull requests of `docs` with the label, in `state`, least recently updated first, at most
 * `max`, each with its verified request (undefined when it has none: never this action's to touch).
 */
async function listDocsPrs(octokit, docs, key, options) {
    const max = Math.min(options.max ?? MAX_DOCS_PRS, MAX_DOCS_PRS);
    const items = [];
    for (let page = 1; items.length < max; page++) {
        if (options.signal?.aborted)
            return { items, truncated: true };
        const { data } = await octokit.rest.issues.listForRepo({
            ...docs,
            labels: DOCS_PR_LABEL,
            state: options.state,
            sort: 'updated',
            direction: 'asc',
            per_page: PER_PAGE,
            page,
        });
        for (const issue of data) {
            if (items.length >= max)
                return { items, truncated: true };
            // An issue with the label is someone else's doing: never a docs pull request.
            if (!issue.pull_request)
                continue;
            items.push({
                number: issue.number,
                url: issue.html_url,
                state: issue.state === 'closed' ? 'closed' : 'open',
                updatedAt: issue.updated_at,
                request: readDocsMarker(issue.body ?? '', key, docs, issue.number),
            });
        }
        if (data.length < PER_PAGE)
            return { items, truncated: false };
    }
    return { items, truncated: true };
}
/**
 * How many open docs pull requests of this action `docs` holds, from one list call (the 100 least
 * recently updated labelled ones: a limit is at most 100, so more is "at least 100").
 */
async function countOpenDocsPrs(octokit, docs, key) {
    const { items } = await listDocsPrs(octokit, docs, key, { state: 'open', max: PER_PAGE });
    return items.filter((item) => item.request !== undefined).length;
}
/** A comment on the docs pull request, then the close. Throws. */
async function closeDocsPr(octokit, docs, number, comment) {
    await octokit.rest.issues.createComment({ ...docs, issue_number: number, body: comment });
    await octokit.rest.pulls.update({ ...docs, pull_number: number, state: 'closed' });
}
/** The request's issue or pull request in the code repository: state, merge, address. */
async function readRequest(octokit, request) {
    const [owner = '', repo = ''] = request.repository.split('/');
    const { data } = await octokit.rest.issues.get({ owner, repo, issue_number: request.number });
    return {
        state: data.state === 'closed' ? 'closed' : 'open',
        pull: !!data.pull_request,
        merged: !!data.pull_request?.merged_at,
        url: data.html_url,
    };
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
/* harmony import */ var _step_backlog_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5105);
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
async function markFollowedDocs(context, link, jobId) {
    await (0,_step_backlog_js__WEBPACK_IMPORTED_MODULE_2__/* .markDocsPull */ .Y5)((0,_docs_pull_js__WEBPACK_IMPORTED_MODULE_4__/* .docsAccess */ .wH)(context), link, { number: context.number, pull: true, jobId });
}


/***/ }),

/***/ 3037:
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
// EXTERNAL MODULE: ./src/outcome/words.ts
var words = __webpack_require__(6909);
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

// EXTERNAL MODULE: ./src/pulls/verdict.ts
var pulls_verdict = __webpack_require__(2021);
// EXTERNAL MODULE: ./src/pulls/write.ts
var write = __webpack_require__(5663);
;// CONCATENATED MODULE: ./src/pulls/conclude.ts
// The two things said about a round of a followed pull request's job, each written from one place
// whoever says it: the waiting run (follow.ts) or the sweep (finish-followed.ts). The plan while
// the job works, and the end once it ended: the verdict on the check of the head the job was told
// about and in the thread, the docs pull request a draft until the code merges, the label off.









function workingHeadline(head) {
    return `${words/* WORKING_SYMBOL */.Ln} **Docs:** the agent is updating the documentation for ${head.slice(0, 12)}.`;
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
 * The end of a round, for a job that ended: its verdict (verdict.ts, from the table of outcomes) concludes the
 * check of `head` (the head the job was told about) and heads the thread's comment; the docs pull
 * request is made a draft while the code pull request is open (draft-until-merged; at the merge,
 * run.ts marks it ready); then the in-flight label comes off. The caller holds the pull request
 * (lock.ts), so one run or sweep at a time writes this.
 */
async function concludeRound(context, thread, job, head, checkId) {
    const { follow } = context;
    const session = await (0,write/* readSession */.lx)(context, job.id);
    const verdict = (0,pulls_verdict/* verdictOf */.Vj)(job, session);
    const toDraft = !!job.prLink && follow.draftUntilMerged && !thread.state.drafted && (await codeOpen(context));
    const drafted = toDraft && job.prLink ? await (0,docs_pull/* draftDocs */.F$)(context, job.prLink) : false;
    if (drafted)
        thread.state = { ...thread.state, drafted: true };
    if (job.prLink)
        await (0,backlog/* markFollowedDocs */.H)(context, job.prLink, job.id);
    const link = job.prLink ? ` <${job.prLink}>` : '';
    const summary = [`**${(0,text_gate/* forMarkdown */.Bm)(verdict.line)}**${link}`, '', `Job \`${job.id}\`, told about ${head}.`];
    await (0,write/* check */.z6)(context, head, { title: verdict.line, summary: summary.join('\n'), conclusion: verdict.conclusion }, checkId);
    await (0,write/* say */.cv)(context, thread, {
        headline: `${verdict.symbol} **Docs:** ${(0,text_gate/* forMarkdown */.Bm)(verdict.line)}${link}`,
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
    const verdict = (0,pulls_verdict/* failedVerdict */.b9)(why);
    const line = (0,text_gate/* forMarkdown */.Bm)(verdict.line);
    await (0,write/* check */.z6)(context, head, { title: verdict.line, summary: line, conclusion: 'failure' }, checkId);
    if (thread.jobId)
        await (0,write/* say */.cv)(context, thread, { headline: `${verdict.symbol} **Docs:** ${line}` });
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
/* harmony import */ var _github_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2139);
/* harmony import */ var _github_docs_prs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3894);
/* harmony import */ var _step_backlog_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5105);




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
/** The docs pull request `link` names, and a client that may write to it (either undefined when none). */
async function docsPull(context, link) {
    const docs = (0,_github_docs_prs_js__WEBPACK_IMPORTED_MODULE_1__/* .docsPrOf */ .jv)(link);
    return { docs, octokit: docs ? await (0,_step_backlog_js__WEBPACK_IMPORTED_MODULE_2__/* .docsClient */ .vf)(docsAccess(context), docs.repository) : undefined };
}
/**
 * Draft until merged: converts the docs pull request to a draft while the code pull request is open,
 * so nobody merges docs for code that is not merged. Returns whether it is a draft by this action's
 * hand now. A token that cannot is no failure: the docs pull request stays as it is, with a notice.
 */
async function draftDocs(context, link) {
    const { docs, octokit } = await docsPull(context, link);
    const { log } = context.deps.runner;
    if (!docs || !octokit) {
        log.notice(`The docs pull request ${link} is not kept a draft: give 'docs-token' write access to its repository ` +
            `(or set 'draft-until-merged: false').`);
        return false;
    }
    try {
        const pull = await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .readPullRequest */ .DQ)(octokit, docs.repository, docs.number);
        if (pull.draft || pull.state === 'closed')
            return pull.draft;
        await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .setDraft */ .iR)(octokit, pull.nodeId, true);
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
async function settleDocs(context, link, merged, drafted, codeUrl) {
    const { docs, octokit } = await docsPull(context, link);
    // The link is in the thread's headline (a checked pull request link); these lines are words only.
    const todo = merged
        ? 'The code merged: the docs pull request can be reviewed and merged.'
        : 'The code pull request was closed without merging: the docs pull request can be closed.';
    if (!docs || !octokit) {
        return { done: false, line: `${todo} (No token here may write to it: set 'docs-token' to have this done.)` };
    }
    try {
        if (merged) {
            await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .commentOn */ .Jt)(octokit, docs.repository, docs.number, `The code pull request ${codeUrl} was merged.`);
            if (drafted) {
                const pull = await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .readPullRequest */ .DQ)(octokit, docs.repository, docs.number);
                if (pull.draft)
                    await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .setDraft */ .iR)(octokit, pull.nodeId, false);
            }
            const done = drafted ? 'is marked ready for review' : 'is told so';
            return { done: true, line: `The code merged: the docs pull request ${done}.` };
        }
        await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .commentOn */ .Jt)(octokit, docs.repository, docs.number, `The code pull request ${codeUrl} was closed without merging, so these docs are closed too.`);
        await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .closePullRequest */ .d6)(octokit, docs.repository, docs.number);
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
async function reopenDocs(context, link, codeUrl) {
    const { docs, octokit } = await docsPull(context, link);
    if (!docs || !octokit) {
        return {
            done: false,
            line: "The code pull request was reopened: the docs pull request can be reopened. (No token here may write to it: set 'docs-token' to have this done.)",
        };
    }
    try {
        const pull = await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .readPullRequest */ .DQ)(octokit, docs.repository, docs.number);
        if (pull.merged)
            return { done: true, line: 'The code pull request was reopened; its docs pull request was merged meanwhile.' };
        if (pull.state === 'closed') {
            await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .reopenPullRequest */ .Ij)(octokit, docs.repository, docs.number);
            await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .commentOn */ .Jt)(octokit, docs.repository, docs.number, `The code pull request ${codeUrl} was reopened, so these docs are reopened too.`);
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

/***/ 2021:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   VH: () => (/* binding */ goesOnVerdict),
/* harmony export */   Vj: () => (/* binding */ verdictOf),
/* harmony export */   b9: () => (/* binding */ failedVerdict)
/* harmony export */ });
/* harmony import */ var _outcome_table_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3380);
/* harmony import */ var _text_text_gate_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6882);


const MAX_REASON = 200;
function reason(text) {
    return (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_1__/* .forText */ .zA)((text ?? '').replace(/\s+/g, ' ').trim(), MAX_REASON) || undefined;
}
function said(kind, job, why) {
    const row = _outcome_table_js__WEBPACK_IMPORTED_MODULE_0__/* .OUTCOMES */ .i[kind];
    const line = row.check.title({ prNumber: job?.prNumber ?? '', reason: reason(why) });
    return { line, conclusion: row.check.conclusion, symbol: row.symbol };
}
function verdictOf(job, session) {
    switch (job.status) {
        case 'completed':
            return said(job.prLink ? 'pull-request' : 'no-change', job, session?.messageToUser);
        case 'failed':
            return said('failed', job, session?.messageToUser);
        case 'archived':
            return said('archived', job, undefined);
        default:
            return said('started', job, undefined);
    }
}
function failedVerdict(why) {
    return said('error', undefined, why);
}
/** A round whose job goes on without this run: it stopped waiting (`waited`: out of time or cancelled), or did not wait. */
function goesOnVerdict(waited) {
    return said(waited ? 'timed-out' : 'started', undefined, undefined);
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
/* harmony import */ var _github_checks_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6250);
/* harmony import */ var _github_in_flight_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2319);
/* harmony import */ var _verdict_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2021);
/* harmony import */ var _thread_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8401);
// What follow mode writes on GitHub, each write a warning when it fails (the job's work is never
// lost to a comment or a check that could not be written): the head's check, the thread's
// comment, and the in-flight label that leaves an unreported job to the sweep.





/** The key of a followed pull request in the progress marker's request keys. */
function followKey(number) {
    return `i${number}`;
}
function working(summary) {
    return { title: (0,_verdict_js__WEBPACK_IMPORTED_MODULE_1__/* .goesOnVerdict */ .VH)(false).line, summary };
}
/** The head's check of this action: the one a run made there before (a re-run picks it up), or a new one. */
async function check(context, sha, view, known) {
    const { octokit, repository, follow, deps } = context;
    try {
        const existing = known ?? (await (0,_github_checks_js__WEBPACK_IMPORTED_MODULE_3__.findChecks)(octokit, repository, sha, follow.checkName))[0]?.id;
        return await (0,_github_checks_js__WEBPACK_IMPORTED_MODULE_3__/* .writeCheck */ .a)(octokit, repository, sha, follow.checkName, { ...view, detailsUrl: deps.runUrl }, existing);
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
        await (on ? _github_in_flight_js__WEBPACK_IMPORTED_MODULE_4__/* .markInFlight */ .BE : _github_in_flight_js__WEBPACK_IMPORTED_MODULE_4__/* .clearInFlight */ .PC)(octokit, repository, number);
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


/***/ }),

/***/ 5105:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $7: () => (/* binding */ backlogFull),
/* harmony export */   AN: () => (/* binding */ backlogTable),
/* harmony export */   H0: () => (/* binding */ keepBacklog),
/* harmony export */   Y5: () => (/* binding */ markDocsPull),
/* harmony export */   h2: () => (/* binding */ sweepAccess),
/* harmony export */   vf: () => (/* binding */ docsClient)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _github_docs_prs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3894);
/* harmony import */ var _text_text_gate_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6882);
/* harmony import */ var _deps_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7502);




function same(a, b) {
    return a.owner.toLowerCase() === b.owner.toLowerCase() && a.repo.toLowerCase() === b.repo.toLowerCase();
}
/**
 * A client that may write to `docs`: docs-token, or github-token when the docs live in this
 * repository; undefined when neither can (the caller says what to do instead).
 */
async function docsClient(access, docs) {
    if (access.docsToken)
        return (0,_deps_js__WEBPACK_IMPORTED_MODULE_3__/* .lazyOctokit */ .K)(access.docsToken, access.timeoutMs, access.step)();
    return same(docs, access.repository) ? access.octokit : undefined;
}
/**
 * Marks the docs pull request `link` as opened for `request` (this repository's issue or pull
 * request). Never fails the run: without a token for the docs repository it is said in the log
 * (the pull request is then never touched by the backlog), a failed call is a warning.
 */
async function markDocsPull(access, link, request) {
    const { log } = access.step.runner;
    const docs = (0,_github_docs_prs_js__WEBPACK_IMPORTED_MODULE_1__/* .docsPrOf */ .jv)(link);
    if (!docs)
        return;
    const octokit = await docsClient(access, docs.repository);
    if (!octokit) {
        log.info(`The docs pull request ${link} is not marked as this action's: no token here may write to it ('docs-token').`);
        return;
    }
    const named = { ...request, repository: `${access.repository.owner}/${access.repository.repo}` };
    try {
        const done = await (0,_github_docs_prs_js__WEBPACK_IMPORTED_MODULE_1__/* .markDocsPr */ .p)(octokit, docs.repository, docs.number, named, access.key);
        if (done === 'marked')
            log.info(`Marked the docs pull request ${link} as opened for #${request.number}.`);
    }
    catch (error) {
        log.warning(`Could not mark the docs pull request ${link} as this action's (needs 'pull-requests: write' and 'issues: write' ` +
            `on its repository): ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
    }
}
/** What the sweep reaches the docs repository with (for `markDocsPull` in a finisher, and `keepBacklog`). */
function sweepAccess(context, docsToken = context.docsToken ?? '') {
    return {
        octokit: context.octokit,
        repository: context.repository,
        key: context.settings.apiKey,
        docsToken,
        timeoutMs: context.settings.timeoutMs,
        step: context.step,
    };
}
/**
 * With `max-open-docs-prs`, whether a new job must wait: the open docs pull requests of this
 * action in the docs repository, counted from one list call. Undefined when there is no limit, when
 * no token here can read the docs repository (a warning says so: the limit is not judged, nothing
 * is refused), or when the count failed (a warning: a GitHub hiccup refuses nobody).
 */
async function backlogFull(access, backlog) {
    const limit = backlog.maxOpenDocsPrs;
    if (limit <= 0)
        return undefined;
    const { log } = access.step.runner;
    const docs = backlog.docsRepository ?? access.repository;
    const name = `${docs.owner}/${docs.repo}`;
    const octokit = await docsClient(access, docs);
    if (!octokit) {
        log.warning(`'max-open-docs-prs' is not judged: no token here may read ${name}. Set 'docs-token' to a token ` +
            `that may read its pull requests.`);
        return undefined;
    }
    try {
        const count = await (0,_github_docs_prs_js__WEBPACK_IMPORTED_MODULE_1__/* .countOpenDocsPrs */ .S9)(octokit, docs, access.key);
        log.info(`${count} docs pull request(s) of this action are open in ${name} (max-open-docs-prs: ${limit}).`);
        if (count < limit)
            return undefined;
        const reason = `the docs pull requests it opened in ${name} are at the limit ('max-open-docs-prs': ${limit} open); ` +
            `ask again once some are merged or closed`;
        return { count, limit, docs, reason };
    }
    catch (error) {
        log.warning(`Could not count the open docs pull requests in ${name}: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
        return undefined;
    }
}
/** Code requests read at most per sweep: each is one call. */
const MAX_CHECKED = 100;
const DAY_MS = 86_400_000;
/**
 * The sweep's rules for the backlog (see the top of this file). `options.now` is the clock (tests),
 * `options.askAgain` the words that ask for docs again (the trigger phrase, `/docs` by default).
 */
async function keepBacklog(context, backlog, options = {}) {
    const { step, repository } = context;
    const access = sweepAccess(context, backlog.docsToken);
    const { log } = step.runner;
    const docs = backlog.docsRepository ?? repository;
    const name = `${docs.owner}/${docs.repo}`;
    const octokit = await docsClient(access, docs);
    if (!octokit) {
        const skipped = `no token here may write to ${name}: set 'docs-token' to keep its docs pull requests`;
        log.warning(`The docs pull request backlog is not kept: ${skipped}.`);
        return { rows: [], truncated: false, skipped };
    }
    let listed;
    try {
        listed = await (0,_github_docs_prs_js__WEBPACK_IMPORTED_MODULE_1__/* .listDocsPrs */ .Lv)(octokit, docs, access.key, { state: 'open', signal: step.signal });
    }
    catch (error) {
        const skipped = `listing the docs pull requests of ${name} failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`;
        log.warning(`The docs pull request backlog is not kept: ${skipped}`);
        return { rows: [], truncated: false, skipped: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .forMarkdown */ .Bm)(skipped, 300) };
    }
    const now = (options.now ?? Date.now)();
    const ask = /^[^\s`]{1,40}$/.test(options.askAgain ?? '') ? options.askAgain : '/docs';
    const rows = [];
    let truncated = listed.truncated;
    let checked = 0;
    for (const item of listed.items) {
        const request = item.request;
        // Never this action's (no valid signed line), or another code repository's: not touched.
        if (!request || request.repository.toLowerCase() !== `${repository.owner}/${repository.repo}`.toLowerCase())
            continue;
        const stale = backlog.staleDays > 0 && now - Date.parse(item.updatedAt) >= backlog.staleDays * DAY_MS;
        const row = { docs: item.url, request: `${request.repository}#${request.number}` };
        if (!stale && !request.pull) {
            rows.push({ ...row, kind: 'kept', detail: 'open, touched recently' });
            continue;
        }
        if (step.signal.aborted || checked >= MAX_CHECKED) {
            truncated = true;
            break;
        }
        checked++;
        try {
            const code = await (0,_github_docs_prs_js__WEBPACK_IMPORTED_MODULE_1__/* .readRequest */ ["in"])(context.octokit, request);
            // GitHub's address of the request, or the cross-repository reference GitHub links itself.
            const link = /^https:\/\/[^\s<>]+$/.test(code.url) ? `<${code.url}>` : `${request.repository}#${request.number}`;
            if (code.pull && code.state === 'closed' && !code.merged) {
                const words = `The code pull request ${link} was closed without merging, so these docs are closed too.`;
                await (0,_github_docs_prs_js__WEBPACK_IMPORTED_MODULE_1__/* .closeDocsPr */ .M4)(octokit, docs, item.number, words);
                rows.push({ ...row, kind: 'closed', detail: 'the code pull request was closed without merging' });
            }
            else if (stale) {
                const words = `Nobody touched this docs pull request for ${backlog.staleDays} days ('stale-days'), so it is closed. ` +
                    `To ask for these docs again, comment \`${ask}\` on ${link}.`;
                await (0,_github_docs_prs_js__WEBPACK_IMPORTED_MODULE_1__/* .closeDocsPr */ .M4)(octokit, docs, item.number, words);
                rows.push({ ...row, kind: 'closed', detail: `nobody touched it for ${backlog.staleDays} days (stale-days)` });
            }
            else {
                rows.push({ ...row, kind: 'kept', detail: code.merged ? 'the code merged' : `the code is ${code.state}` });
            }
        }
        catch (error) {
            log.warning(`Could not settle the docs pull request ${item.url}: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
            rows.push({ ...row, kind: 'error', detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .forMarkdown */ .Bm)((0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error), 200) });
        }
    }
    const closed = rows.filter((row) => row.kind === 'closed').length;
    log.info(`Docs pull request backlog of ${name}: ${closed} closed, ${rows.length - closed} left${truncated ? ' (more next time)' : ''}.`);
    return { rows, truncated };
}
/** The summary's table of a backlog result, markdown: one line per docs pull request. */
function backlogTable(result) {
    if (result.skipped)
        return `Docs pull requests: not kept (${result.skipped}).`;
    if (!result.rows.length)
        return 'Docs pull requests: none of this action open.';
    const lines = ['| docs pull request | for | done |', '| --- | --- | --- |'];
    const cell = (text) => text.replace(/\|/g, '\\|');
    for (const row of result.rows) {
        const docs = /^https:\/\/[^\s<>|]+$/.test(row.docs) ? `<${row.docs}>` : 'a docs pull request';
        lines.push(`| ${docs} | ${cell((0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .forMarkdown */ .Bm)(row.request, 120))} | ${row.kind}: ${cell(row.detail)} |`);
    }
    if (result.truncated)
        lines.push('', 'More are left for the next sweep.');
    return lines.join('\n');
}


/***/ })

};
;