"use strict";
exports.id = 769;
exports.ids = [769];
exports.modules = {

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


/***/ }),

/***/ 8769:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runSweep: () => (/* binding */ runSweep)
});

// EXTERNAL MODULE: ./src/base/constants.ts
var constants = __webpack_require__(7212);
// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/github/in-flight.ts
var in_flight = __webpack_require__(2319);
// EXTERNAL MODULE: ./src/github/octokit.ts + 1 modules
var github_octokit = __webpack_require__(8264);
// EXTERNAL MODULE: ./src/text/text-gate.ts
var text_gate = __webpack_require__(6882);
// EXTERNAL MODULE: ./src/github/thread.ts
var github_thread = __webpack_require__(703);
;// CONCATENATED MODULE: ./src/github/thread-batch.ts



/**
 * Issues and pull requests whose comments one GraphQL query reads at most. GitHub's limits are far
 * off (50 × 100 comments is 5,050 nodes of the 500,000 a query may ask for, and about one point of
 * the 5,000 an hour); the answer's size is what grows (the bodies), under the byte cap of every
 * GitHub answer (capped-fetch.ts).
 */
const THREADS_PER_QUERY = 50;
/** The newest comments a query reads per item; a thread with more is read by REST (IssueThread). */
const LAST_COMMENTS = 100;
const COMMENTS = `comments(last: ${LAST_COMMENTS}) { pageInfo { hasPreviousPage } ` +
    'nodes { fullDatabaseId body author { login __typename } } }';
/**
 * The query for `numbers`: one `issueOrPullRequest` per item under its alias `i<number>`. The
 * comment's id is `fullDatabaseId` (a BigInt, sent as a string): issue comment ids passed the
 * 32 bits of GraphQL's Int, in which `databaseId` is typed.
 */
function threadsQuery(numbers) {
    const items = numbers.map((number) => `i${number}: issueOrPullRequest(number: ${number}) { __typename ` +
        `... on Issue { ${COMMENTS} } ... on PullRequest { ${COMMENTS} } }`);
    return `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { ${items.join(' ')} } }`;
}
/**
 * The comments of up to THREADS_PER_QUERY issues and pull requests in one GraphQL call, by number;
 * an item GitHub answered null for (deleted, transferred) is absent, and `problems` holds what
 * GitHub said about it. Throws when the call brought no data at all.
 */
async function readThreads(octokit, repository, numbers) {
    if (numbers.length > THREADS_PER_QUERY)
        throw new Error(`At most ${THREADS_PER_QUERY} threads per query.`);
    const threads = new Map();
    if (!numbers.length)
        return { threads, problems: [] };
    let data;
    let problems = [];
    try {
        data = await octokit.graphql(threadsQuery(numbers), { owner: repository.owner, name: repository.repo });
    }
    catch (error) {
        // A GraphqlResponseError carries the data GitHub did answer (null for what it could not).
        const partial = error;
        if (!partial.data || !Array.isArray(partial.errors))
            throw error;
        data = partial.data;
        problems = partial.errors.map((problem) => String(problem.message ?? 'unknown error'));
    }
    const found = data?.repository;
    if (!found)
        throw new Error(`GitHub answered no repository${problems.length ? `: ${problems[0]}` : ''}`);
    for (const number of numbers) {
        const comments = found[`i${number}`]?.comments;
        if (!comments || !Array.isArray(comments.nodes))
            continue;
        const read = comments.nodes.map(threadComment);
        // A comment without a usable id cannot be edited nor reacted to: the item is read by REST then.
        const complete = comments.pageInfo?.hasPreviousPage === false;
        if (read.every((comment) => comment !== undefined))
            threads.set(number, { comments: read, complete });
        else
            threads.set(number, { comments: [], complete: false });
    }
    return { threads, problems };
}
function threadComment(node) {
    const id = Number(node?.fullDatabaseId);
    if (!node || !Number.isSafeInteger(id) || id <= 0)
        return undefined;
    return { id, body: node.body ?? '', bot: node.author?.__typename === 'Bot' };
}
/**
 * The threads of a sweep's items: read THREADS_PER_QUERY at a time in one GraphQL call (`read`),
 * then handed out one IssueThread per item (`of`), preloaded with its comments when the query read
 * them all. A thread with more than LAST_COMMENTS comments, an item the query could not read, or a
 * query that failed (a warning) leaves the IssueThread to read its comments by REST, as it does
 * outside a sweep; `fresh` reads (the once-only claims) always go to REST.
 */
class ThreadReader {
    #octokit;
    #repository;
    #log;
    #signingKey;
    /** The comments of the items last read, and the threads handed out for them. */
    #read = new Map();
    #threads = new Map();
    constructor(octokit, repository, log, signingKey) {
        this.#octokit = octokit;
        this.#repository = repository;
        this.#log = log;
        this.#signingKey = signingKey;
    }
    /** Reads the comments of `numbers` (at most THREADS_PER_QUERY) in one call; forgets the earlier ones. Never throws. */
    async read(numbers) {
        this.#read = new Map();
        this.#threads = new Map();
        try {
            const { threads, problems } = await readThreads(this.#octokit, this.#repository, numbers);
            this.#read = threads;
            if (problems.length) {
                this.#log.warning(`GitHub could not read the comments of ${numbers.length - threads.size} of ${numbers.length} issue(s) ` +
                    `and pull request(s) at once (${(0,text_gate/* forLog */.Ig)(problems[0] ?? '', 200)}); those are read one by one.`);
            }
        }
        catch (error) {
            this.#log.warning(`Reading the comments of ${numbers.length} issue(s) and pull request(s) at once failed ` +
                `(${(0,text_gate/* forLog */.Ig)((0,errors/* errorMessage */.gJ)(error), 200)}); they are read one by one.`);
        }
    }
    /** The thread of `number`, one per item while its batch is the last read. */
    of(number) {
        let thread = this.#threads.get(number);
        if (!thread) {
            thread = new github_thread/* IssueThread */.kb(this.#octokit, { ...this.#repository, issueNumber: number }, this.#log, this.#signingKey);
            const read = this.#read.get(number);
            if (read?.complete)
                thread.preload(read.comments);
            this.#threads.set(number, thread);
        }
        return thread;
    }
}

// EXTERNAL MODULE: ./src/step/backlog.ts
var step_backlog = __webpack_require__(5105);
// EXTERNAL MODULE: ./src/step/backlog-inputs.ts
var backlog_inputs = __webpack_require__(9819);
// EXTERNAL MODULE: ./src/base/format.ts
var format = __webpack_require__(8378);
// EXTERNAL MODULE: ./src/outcome/words.ts
var words = __webpack_require__(6909);
;// CONCATENATED MODULE: ./src/sweep/summary.ts



/** Each result's words, from the table of outcomes (outcome/words.ts). */
const RESULT_WORDS = words/* SWEEP_RESULTS */.Cd;
function count(report, kind) {
    return report.rows.filter((row) => row.kind === kind).length;
}
/** The sweep in one line: the `message` output and the log. */
function summaryLine(report) {
    const left = report.left ? `, ${report.left} not reached` : '';
    return (`Sweep: ${count(report, 'finished')} finished, ${count(report, 'active')} still active, ` +
        `${count(report, 'error')} error(s), ${count(report, 'done')} done already${left}; took ${(0,format/* formatDuration */.a)(report.elapsedMs)}.`);
}
/**
 * The job summary: the counts, the runner time the sweep took, and a table of every item (its
 * issue or pull request, job, result and detail). A markdown table: the details are inert for
 * markdown already (step/finish.ts), and numbers and ids are the action's own.
 */
async function writeSweepSummary(summary, report) {
    summary.addHeading('Sweep of the requests in flight', 3).addRaw(`\n${summaryLine(report)}\n`, true);
    if (report.rows.length) {
        const lines = [
            '| Issue or pull request | Job | Result | Detail |',
            '| --- | --- | --- | --- |',
            ...report.rows.map((row) => {
                const kind = row.item.pullRequest ? 'pull request' : 'issue';
                const job = row.jobId ? `\`${row.jobId.replace(/[^A-Za-z0-9_.,\s-]/g, '')}\`` : '';
                return `| ${kind} #${row.item.number} | ${job} | ${RESULT_WORDS[row.kind]} | ${row.detail} |`;
            }),
        ];
        summary.addRaw(`\n${lines.join('\n')}\n`, true);
    }
    if (report.backlog)
        summary.addRaw(`\n${(0,step_backlog/* backlogTable */.AN)(report.backlog)}\n`, true);
    await summary.write();
}

;// CONCATENATED MODULE: ./src/sweep/run.ts









/** Time kept back from `timeout-minutes` for the summary: no item is started closer to the end. */
const FINISH_MARGIN_MS = 30_000;
/**
 * The sweep: lists the in-flight index (github/in-flight.ts, one call per hundred), reads the
 * comments of its items in one GraphQL call per THREADS_PER_QUERY (github/thread-batch.ts: the
 * finishers read none themselves but their claims' fresh reads), then asks each finisher in turn
 * about each item, the longest waiting first, one at a time (a sweep is a
 * background job: one item's calls at a time keeps it far below GitHub's and the service's limits).
 * The first finisher that knows the item finishes it; an item no finisher knows has the label taken
 * off. One item's failure is a warning and an error row, never a failed run; the sweep stops at the
 * cancel and before `timeout-minutes`, and the next sweep takes up what is left. Finishing is
 * idempotent (each finisher's claim), so sweeps may overlap each other and waiting runs.
 */
async function runSweep(setup, finishers, keep = { backlog: backlog_inputs/* NO_BACKLOG */.M, askAgain: '/docs' }) {
    const { step, octokit, repository, clock, settings } = setup;
    const { log } = step.runner;
    const threads = new ThreadReader(octokit, repository, log, settings.apiKey);
    const context = { ...setup, threadOf: (number) => threads.of(number) };
    const started = clock.now();
    const deadline = started + settings.timeoutMs - FINISH_MARGIN_MS;
    let listed;
    try {
        listed = await (0,in_flight/* listInFlight */.YL)(octokit, repository);
    }
    catch (error) {
        throw new Error((0,github_octokit/* describeGitHubError */.dZ)('Listing the requests in flight', error, 'issues: read'));
    }
    const { items, truncated } = listed;
    log.info(`${items.length}${truncated ? '+' : ''} issue(s) and pull request(s) with requests in flight.`);
    const rows = [];
    for (const [index, item] of items.entries()) {
        if (step.signal.aborted || clock.now() >= deadline)
            break;
        if (index % THREADS_PER_QUERY === 0) {
            await threads.read(items.slice(index, index + THREADS_PER_QUERY).map(({ number }) => number));
        }
        const result = await sweepItem(item, context, finishers);
        rows.push({ item, ...result });
    }
    const left = items.length - rows.length + (truncated ? 1 : 0);
    if (left)
        log.notice(`${left} request(s) in flight were not reached; the next sweep takes them up.`);
    // Then the docs pull request backlog (step/backlog.ts), which needs no item and stops at the cancel.
    const backlog = step.signal.aborted
        ? undefined
        : await (0,step_backlog/* keepBacklog */.H0)(context, keep.backlog, { askAgain: keep.askAgain });
    const report = { rows, left, elapsedMs: clock.now() - started, backlog };
    step.record.writeOutputs({ status: constants/* SWEPT_STATUS */.Xp, message: summaryLine(report) });
    log.info(summaryLine(report));
    await writeSweepSummary(step.runner.summary(), report).catch((error) => {
        log.warning(`Could not write the job summary: ${(0,errors/* errorMessage */.gJ)(error)}`);
    });
    return report;
}
async function sweepItem(item, context, finishers) {
    const { log } = context.step.runner;
    const what = `${item.pullRequest ? 'pull request' : 'issue'} #${item.number}`;
    for (const finisher of finishers) {
        try {
            const result = await finisher.finish(item, context);
            if (result)
                return { ...result, finisher: finisher.name };
        }
        catch (error) {
            log.warning(`Could not finish the requests of ${what} (${finisher.name}): ${(0,errors/* errorMessage */.gJ)(error)}`);
            return { kind: 'error', jobId: '', detail: (0,text_gate/* forMarkdown */.Bm)((0,errors/* publicErrorMessage */.p)(error), 300), finisher: finisher.name };
        }
    }
    // Nothing of this action's is in flight there (the label was put on by hand, or its comment is gone).
    try {
        await (0,in_flight/* clearInFlight */.PC)(context.octokit, context.repository, item.number);
    }
    catch (error) {
        log.warning((0,github_octokit/* describeGitHubError */.dZ)(`Taking the in-flight label off ${what}`, error, 'issues: write'));
    }
    log.notice(`No request of this action is in flight on ${what}; the in-flight label is taken off.`);
    return { kind: 'done', jobId: '', detail: 'No request of this action found; the label is taken off.', finisher: '' };
}


/***/ })

};
;