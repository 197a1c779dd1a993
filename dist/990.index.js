"use strict";
exports.id = 990;
exports.ids = [990];
exports.modules = {

/***/ 3894:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IP: () => (/* binding */ readDocsMarker),
/* harmony export */   Lv: () => (/* binding */ listDocsPrs),
/* harmony export */   M4: () => (/* binding */ closeDocsPr),
/* harmony export */   S9: () => (/* binding */ countOpenDocsPrs),
/* harmony export */   "in": () => (/* binding */ readRequest),
/* harmony export */   p: () => (/* binding */ markDocsPr)
/* harmony export */ });
/* unused harmony exports DOCS_PR_LABEL, MAX_DOCS_PRS, MAX_LIST_PAGES, renderDocsMarker */
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
/**
 * List calls at most per listing, whatever else carries the label: issues and pull requests
 * without this action's line are skipped, not counted, so without this cap a triager who labels
 * many issues would cost a call per hundred of them.
 */
const MAX_LIST_PAGES = 3;
/** A description is at most 65,536 characters on GitHub; only this many marker-like lines are tried. */
const MAX_MARKER_LINES = 5;
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
 * missing, none when `read` is given. Throws: the caller decides whether a failure is a warning.
 */
async function markDocsPr(octokit, docs, number, request, key, 
// Its description and labels as this run read them already (step/docs-access.ts), or read here.
read) {
    const data = read ?? (await octokit.rest.pulls.get({ ...docs, pull_number: number })).data;
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
 * `max` and from at most MAX_LIST_PAGES list calls, each with its verified request (undefined when
 * it has none: never this action's to touch). `signedOnly`: only those with a request are kept.
 */
async function listDocsPrs(octokit, docs, key, options) {
    const max = Math.min(options.max ?? MAX_DOCS_PRS, MAX_DOCS_PRS);
    const items = [];
    for (let page = 1; items.length < max; page++) {
        if (page > MAX_LIST_PAGES || options.signal?.aborted)
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
            const request = readDocsMarker(issue.body ?? '', key, docs, issue.number);
            if (options.signedOnly && !request)
                continue;
            items.push({
                number: issue.number,
                url: issue.html_url,
                state: issue.state === 'closed' ? 'closed' : 'open',
                updatedAt: issue.updated_at,
                request,
            });
        }
        if (data.length < PER_PAGE)
            return { items, truncated: false };
    }
    return { items, truncated: true };
}
/**
 * How many open docs pull requests of this action `docs` holds, counting only those with the
 * signed line (unsigned labelled ones neither fill nor empty the count), from at most
 * MAX_LIST_PAGES list calls: at most 100 (a limit is at most 100, so more is "at least 100").
 * `partial`: the pages ran out first, so the count is a lower bound.
 */
async function countOpenDocsPrs(octokit, docs, key, signal) {
    const options = { state: 'open', max: PER_PAGE, signedOnly: true, ...(signal ? { signal } : {}) };
    const { items, truncated } = await listDocsPrs(octokit, docs, key, options);
    return { count: items.length, partial: truncated && items.length < PER_PAGE };
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

/***/ 9990:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  $7: () => (/* binding */ backlogFull),
  AN: () => (/* binding */ backlogTable),
  vf: () => (/* reexport */ docsClient),
  H0: () => (/* binding */ keepBacklog),
  Y5: () => (/* binding */ markDocsPull),
  $h: () => (/* reexport */ ourDocsPull),
  h2: () => (/* binding */ sweepAccess),
  Li: () => (/* reexport */ vetJobLink)
});

// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/github/docs-prs.ts
var docs_prs = __webpack_require__(3894);
// EXTERNAL MODULE: ./src/text/text-gate.ts
var text_gate = __webpack_require__(6882);
// EXTERNAL MODULE: ./src/github/docs-pr-trust.ts
var docs_pr_trust = __webpack_require__(3032);
// EXTERNAL MODULE: ./src/step/deps.ts
var deps = __webpack_require__(7502);
;// CONCATENATED MODULE: ./src/step/docs-access.ts





/**
 * A client that may write to `docs`: docs-token, or github-token when the docs live in this
 * repository; undefined when neither can (the caller says what to do instead).
 */
async function docsClient(access, docs) {
    if (access.docsToken)
        return (0,deps/* lazyOctokit */.K)(access.docsToken, access.timeoutMs, access.step)();
    return (0,docs_pr_trust/* sameRepository */.RB)(docs, access.repository) ? access.octokit : undefined;
}
/** `docs-repository` as the run's settings or, where a mode does not read it, the runner passes it; undefined: unset. */
function namedDocsRepository(access, env = process.env) {
    if (access.docsRepository)
        return access.docsRepository;
    const match = /^([A-Za-z0-9_.-]{1,100})\/([A-Za-z0-9_.-]{1,100})$/.exec((env['INPUT_DOCS-REPOSITORY'] ?? '').trim());
    return match?.[1] && match[2] ? { owner: match[1], repo: match[2] } : undefined;
}
/**
 * The one check before anything is done to the docs pull request `link` a job reported for
 * `request` (this repository's issue or pull request): github/docs-pr-trust.ts's rule. A pull
 * request that carries this action's signed line is this action's only for the request and job
 * the line names; one without it only when `job` is given (the mark, the draft before it) and the
 * job opened it. Throws when GitHub fails the read: the caller decides whether it is a warning.
 */
async function ourDocsPull(access, link, request, job) {
    const named = namedDocsRepository(access);
    const docs = named ?? access.repository;
    const code = access.repository;
    const scope = {
        host: (0,docs_pr_trust/* runHost */.KC)(),
        docs: `${docs.owner}/${docs.repo}`,
        // An issue and a pull request never share a number: only a pull request can be named as its own docs.
        codeNumber: request.pull && (0,docs_pr_trust/* sameRepository */.RB)(docs, code) ? request.number : undefined,
    };
    const target = (0,docs_pr_trust/* docsPrTarget */.Js)(link, scope);
    if (!target.ok)
        return { ok: false, problem: target.problem, ...(target.elsewhere && !named ? { unnamed: true } : {}) };
    const octokit = await docsClient(access, target.repository);
    if (!octokit)
        return { ok: false, problem: "may be written by no token here ('docs-token')", noToken: true };
    // Fresh: the job may have changed it; callers act on this read (`read`) instead of reading again.
    const { data } = await octokit.rest.pulls.get({ ...target.repository, pull_number: target.number });
    const signed = (0,docs_prs/* readDocsMarker */.IP)(data.body ?? '', access.key, target.repository, target.number);
    const accepted = { ok: true, docs: target.repository, number: target.number, octokit, read: data };
    if (signed) {
        const same = signed.repository.toLowerCase() === `${code.owner}/${code.repo}`.toLowerCase() &&
            signed.number === request.number &&
            signed.jobId === request.jobId;
        return same ? { ...accepted, signed: true } : { ok: false, problem: 'is signed for another request or job' };
    }
    if (!job)
        return { ok: false, problem: "does not carry this action's signed line for this request" };
    const problem = (0,docs_pr_trust/* notOpenedByJob */.Tj)(data, job);
    return problem
        ? { ok: false, problem: `${problem}: not a pull request this job opened` }
        : { ...accepted, signed: false };
}
/**
 * `job` as a run may report it, in every mode: a link the one check (`ourDocsPull`) refuses is no
 * docs pull request (no `prLink`, no `prNumber`: never output, notified, marked or drafted) but a
 * refused link, named as text with the reason, as any link the run cannot vouch for (service/job.ts).
 * A link no token here may read, or one in another repository while 'docs-repository' is unset, is
 * kept as the service's word and never touched; a failed read is a warning and changes nothing.
 * `docs`: the docs pull request the check accepted, as it read it (acted on without a second read).
 */
async function vetJobLink(access, job, request, log) {
    const { prLink } = job;
    if (!prLink || !access)
        return { job };
    let pull;
    try {
        pull = await ourDocsPull(access, prLink, { ...request, jobId: job.id }, job);
    }
    catch (error) {
        log.warning(`Could not read the docs pull request ${prLink}: ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
    if (pull?.ok)
        return { job, docs: pull };
    if (!pull || pull.noToken || pull.unnamed)
        return { job };
    const { prNumber: _number, ...rest } = job;
    return { job: { ...rest, prLink: null, rejectedPrLink: (0,text_gate/* forLog */.Ig)(prLink, 120), prLinkProblem: pull.problem } };
}

;// CONCATENATED MODULE: ./src/step/backlog.ts






/** What is left of the sweep's deadline (SweepContext `deadline`), or `timeout-minutes` outside a sweep. */
function budgetOf(context) {
    if (context.deadline === undefined)
        return context.settings.timeoutMs;
    return Math.max(0, context.deadline - (context.clock ?? { now: Date.now }).now());
}
/**
 * Marks the docs pull request `link` as opened for `request` (this repository's issue or pull
 * request) by the job `job` describes, once the one check (docs-access.ts `ourDocsPull`) says the
 * job opened it. Never fails the run: a link that fails the check is refused with a warning and
 * left untouched, no token for the docs repository is said in the log (the pull request is then
 * never touched by the backlog), a failed call is a warning.
 */
async function markDocsPull(access, link, request, job, 
// The docs pull request as the check read it already in this run, if it did.
read) {
    const { log } = access.step.runner;
    const named = { ...request, repository: `${access.repository.owner}/${access.repository.repo}` };
    try {
        const pull = read ?? (await ourDocsPull(access, link, request, job));
        if (!pull.ok && pull.unnamed) {
            log.info(`The docs pull request ${link} is not touched: it ${pull.problem} names no other repository.`);
            return;
        }
        if (!pull.ok && pull.noToken) {
            log.info(`The docs pull request ${link} is not marked as this action's: no token here may write to it ('docs-token').`);
            return;
        }
        if (!pull.ok) {
            log.warning(`The pull request ${link} the service reported is left untouched: it ${pull.problem}.`);
            return;
        }
        const done = await (0,docs_prs/* markDocsPr */.p)(pull.octokit, pull.docs, pull.number, named, access.key, pull.read);
        if (done === 'marked')
            log.info(`Marked the docs pull request ${link} as opened for #${request.number}.`);
    }
    catch (error) {
        log.warning(`Could not mark the docs pull request ${link} as this action's (needs 'pull-requests: write' and 'issues: write' ` +
            `on its repository): ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
}
/** What the sweep reaches the docs repository with (for `markDocsPull` in a finisher, and `keepBacklog`). */
function sweepAccess(context, docsToken = context.docsToken ?? '') {
    return {
        octokit: context.octokit,
        repository: context.repository,
        key: context.settings.apiKey,
        docsToken,
        // A client made for the docs token now stops where the sweep does, not a whole budget later.
        timeoutMs: budgetOf(context),
        step: context.step,
    };
}
/**
 * With `max-open-docs-prs`, whether a new job must wait: the open docs pull requests of this
 * action in the docs repository, counted from at most MAX_LIST_PAGES list calls. Undefined when there is no limit, when
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
        const { count, partial } = await (0,docs_prs/* countOpenDocsPrs */.S9)(octokit, docs, access.key, access.step.signal);
        const least = partial ? 'at least ' : '';
        log.info(`${least}${count} docs pull request(s) of this action are open in ${name} (max-open-docs-prs: ${limit}).`);
        if (count < limit)
            return undefined;
        const reason = `the docs pull requests it opened in ${name} are at the limit ('max-open-docs-prs': ${limit} open); ` +
            `ask again once some are merged or closed`;
        return { count, limit, docs, reason };
    }
    catch (error) {
        log.warning(`Could not count the open docs pull requests in ${name}: ${(0,errors/* errorMessage */.gJ)(error)}`);
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
        listed = await (0,docs_prs/* listDocsPrs */.Lv)(octokit, docs, access.key, { state: 'open', signal: step.signal });
    }
    catch (error) {
        const skipped = `listing the docs pull requests of ${name} failed: ${(0,errors/* errorMessage */.gJ)(error)}`;
        log.warning(`The docs pull request backlog is not kept: ${skipped}`);
        return { rows: [], truncated: false, skipped: (0,text_gate/* forMarkdown */.Bm)(skipped, 300) };
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
        // A line that names the pull request itself as its request is never a docs pull request (docs-pr-trust.ts).
        if ((0,docs_pr_trust/* sameRepository */.RB)(docs, repository) && request.number === item.number)
            continue;
        const stale = backlog.staleDays > 0 && now - Date.parse(item.updatedAt) >= backlog.staleDays * DAY_MS;
        const row = { docs: item.url, request: `${request.repository}#${request.number}` };
        if (!stale && !request.pull) {
            rows.push({ ...row, kind: 'kept', detail: 'open, touched recently' });
            continue;
        }
        if (step.signal.aborted || budgetOf(context) <= 0 || checked >= MAX_CHECKED) {
            truncated = true;
            break;
        }
        checked++;
        try {
            const code = await (0,docs_prs/* readRequest */["in"])(context.octokit, request);
            // GitHub's address of the request, or the cross-repository reference GitHub links itself.
            const link = /^https:\/\/[^\s<>]+$/.test(code.url) ? `<${code.url}>` : `${request.repository}#${request.number}`;
            if (code.pull && code.state === 'closed' && !code.merged) {
                const words = `The code pull request ${link} was closed without merging, so these docs are closed too.`;
                await (0,docs_prs/* closeDocsPr */.M4)(octokit, docs, item.number, words);
                rows.push({ ...row, kind: 'closed', detail: 'the code pull request was closed without merging' });
            }
            else if (stale) {
                const words = `Nobody touched this docs pull request for ${backlog.staleDays} days ('stale-days'), so it is closed. ` +
                    `To ask for these docs again, comment \`${ask}\` on ${link}.`;
                await (0,docs_prs/* closeDocsPr */.M4)(octokit, docs, item.number, words);
                rows.push({ ...row, kind: 'closed', detail: `nobody touched it for ${backlog.staleDays} days (stale-days)` });
            }
            else {
                rows.push({ ...row, kind: 'kept', detail: code.merged ? 'the code merged' : `the code is ${code.state}` });
            }
        }
        catch (error) {
            log.warning(`Could not settle the docs pull request ${item.url}: ${(0,errors/* errorMessage */.gJ)(error)}`);
            rows.push({ ...row, kind: 'error', detail: (0,text_gate/* forMarkdown */.Bm)((0,errors/* errorMessage */.gJ)(error), 200) });
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
        lines.push(`| ${docs} | ${cell((0,text_gate/* forMarkdown */.Bm)(row.request, 120))} | ${row.kind}: ${cell(row.detail)} |`);
    }
    if (result.truncated)
        lines.push('', 'More are left for the next sweep.');
    return lines.join('\n');
}


/***/ })

};
;