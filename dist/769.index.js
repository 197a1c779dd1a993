"use strict";
exports.id = 769;
exports.ids = [769];
exports.modules = {

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

// EXTERNAL MODULE: ./src/step/backlog.ts + 2 modules
var step_backlog = __webpack_require__(4177);
// EXTERNAL MODULE: ./src/step/backlog-inputs.ts
var backlog_inputs = __webpack_require__(9819);
// EXTERNAL MODULE: ./src/base/format.ts
var format = __webpack_require__(8378);
;// CONCATENATED MODULE: ./src/sweep/summary.ts


const RESULT_WORDS = {
    finished: '✅ finished',
    active: '⏳ still active',
    done: '☑️ done already',
    error: '❌ error',
};
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
    const started = clock.now();
    const deadline = started + settings.timeoutMs - FINISH_MARGIN_MS;
    // One end for every read of the sweep, items and backlog alike: the cancel, or the deadline.
    const ended = new AbortController();
    const timer = setTimeout(() => ended.abort(), Math.max(0, deadline - clock.now()));
    timer.unref?.();
    const signal = AbortSignal.any([step.signal, ended.signal]);
    const context = {
        ...setup,
        step: { ...step, signal },
        deadline,
        threadOf: (number) => threads.of(number),
    };
    try {
        return await sweepWithin(context, finishers, keep, { started, deadline, threads });
    }
    finally {
        clearTimeout(timer);
    }
}
async function sweepWithin(context, finishers, keep, { started, deadline, threads }) {
    const { step, octokit, repository, clock } = context;
    const { log } = step.runner;
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