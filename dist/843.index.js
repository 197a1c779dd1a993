"use strict";
exports.id = 843;
exports.ids = [843];
exports.modules = {

/***/ 3894:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IP: () => (/* binding */ readDocsMarker),
/* harmony export */   Lv: () => (/* binding */ listDocsPrs),
/* harmony export */   M4: () => (/* binding */ closeDocsPr),
/* harmony export */   S9: () => (/* binding */ countOpenDocsPrs),
/* harmony export */   "in": () => (/* binding */ readRequest),
/* harmony export */   jv: () => (/* binding */ docsPrOf),
/* harmony export */   p: () => (/* binding */ markDocsPr)
/* harmony export */ });
/* unused harmony exports DOCS_PR_LABEL, MAX_DOCS_PRS, renderDocsMarker */
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