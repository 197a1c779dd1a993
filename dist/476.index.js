"use strict";
exports.id = 476;
exports.ids = [476];
exports.modules = {

/***/ 7225:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D2: () => (/* binding */ enableAutoMerge),
/* harmony export */   I6: () => (/* binding */ tagContains),
/* harmony export */   VL: () => (/* binding */ listAwaiting),
/* harmony export */   eK: () => (/* binding */ clearAwaiting),
/* harmony export */   l7: () => (/* binding */ releaseOf),
/* harmony export */   qt: () => (/* binding */ markAwaiting),
/* harmony export */   tH: () => (/* binding */ listReleases)
/* harmony export */ });
/* unused harmony exports AWAITING_RELEASE_LABEL, MAX_AWAITING */
/* harmony import */ var _docs_prs_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3894);
/* harmony import */ var _in_flight_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2319);


/**
 * The awaiting-release index (`ready-when: released`): a label on each docs pull request that stays
 * a draft after its code merged, until a published release contains the merge commit. A release
 * run lists it in the docs repository, one call per hundred, so its cost grows with the docs pull
 * requests waiting and not with the repository. The label is only the cheap index: what pairs a
 * docs pull request with its code pull request is the signed line of its description
 * (docs-prs.ts), never the label, so a label put on by hand makes nothing ready.
 */
const AWAITING_RELEASE_LABEL = 'docs-agent: awaiting release';
/** Waiting docs pull requests looked at per run: the rest are the next release's or sweep's. */
const MAX_AWAITING = 100;
/** A git tag name as a release names it: kept only when it is this plain (it is shown in comments). */
const TAG = /^[A-Za-z0-9@][A-Za-z0-9._/+@-]{0,99}$/;
/** A release's address as GitHub gives it (http on a GitHub Enterprise Server without TLS); anything else is not linked. */
const RELEASE_URL = /^https?:\/\/[A-Za-z0-9.-]+(?::\d+)?\/[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+\/releases\/tag\/[A-Za-z0-9._/+%@-]+$/;
/** A release from GitHub's JSON (an event's `release`, a list's item); undefined when its tag is not plain. */
function releaseOf(raw) {
    const tag = typeof raw?.tag_name === 'string' ? raw.tag_name : '';
    if (!TAG.test(tag))
        return undefined;
    const url = typeof raw?.html_url === 'string' && RELEASE_URL.test(raw.html_url) ? raw.html_url : '';
    return {
        tag,
        url,
        prerelease: raw?.prerelease === true,
        draft: raw?.draft === true,
        publishedAt: typeof raw?.published_at === 'string' ? raw.published_at : '',
    };
}
/** Puts the label on a docs pull request (idempotent). Throws. */
async function markAwaiting(octokit, docs, number) {
    await octokit.rest.issues.addLabels({ ...docs, issue_number: number, labels: [AWAITING_RELEASE_LABEL] });
}
async function clearAwaiting(octokit, docs, number) {
    await (0,_in_flight_js__WEBPACK_IMPORTED_MODULE_1__/* .removeLabel */ .tA)(octokit, docs, number, AWAITING_RELEASE_LABEL);
}
/**
 * The labelled pull requests of `docs`, open or closed (a closed one is cleared from the index),
 * least recently updated first, at most MAX_AWAITING, each with its verified request.
 */
async function listAwaiting(octokit, docs, key) {
    const { data } = await octokit.rest.issues.listForRepo({
        ...docs,
        labels: AWAITING_RELEASE_LABEL,
        state: 'all',
        sort: 'updated',
        direction: 'asc',
        per_page: MAX_AWAITING,
    });
    const items = data
        .filter((issue) => !!issue.pull_request)
        .map((issue) => ({
        number: issue.number,
        url: issue.html_url,
        state: issue.state === 'closed' ? 'closed' : 'open',
        request: (0,_docs_prs_js__WEBPACK_IMPORTED_MODULE_0__/* .readDocsMarker */ .IP)(issue.body ?? '', key, docs, issue.number),
    }));
    return { items, truncated: data.length >= MAX_AWAITING };
}
/**
 * Whether the tag contains the commit: GitHub's compare of the commit with the tag is `ahead` (the
 * tag is after it) or `identical`. `behind` and `diverged` (a tag of another line) do not; a commit
 * or tag GitHub does not know (404) does not either.
 */
async function tagContains(octokit, repository, sha, tag) {
    try {
        const { data } = await octokit.rest.repos.compareCommits({ ...repository, base: sha, head: tag, per_page: 1 });
        return data.status === 'ahead' || data.status === 'identical';
    }
    catch (error) {
        if (error.status === 404)
            return false;
        throw error;
    }
}
/**
 * The newest releases of `repository`, newest first, at most `max` (drafts included: callers judge),
 * in one GraphQL query (the REST list's answer is a page of whole releases with their assets).
 */
async function listReleases(octokit, repository, max = 5) {
    const answer = await octokit.graphql('query($owner: String!, $name: String!, $last: Int!) { repository(owner: $owner, name: $name) { ' +
        'releases(first: $last, orderBy: {field: CREATED_AT, direction: DESC}) { ' +
        'nodes { tagName url isPrerelease isDraft publishedAt } } } }', { owner: repository.owner, name: repository.repo, last: Math.min(max, 100) });
    return (answer.repository?.releases?.nodes ?? []).slice(0, max).flatMap((node) => releaseOf({
        tag_name: node?.tagName,
        html_url: node?.url,
        prerelease: node?.isPrerelease,
        draft: node?.isDraft,
        published_at: node?.publishedAt,
    }) ?? []);
}
/** Auto-merge exists only in GraphQL. Throws, with GitHub's words when the repository does not allow it. */
async function enableAutoMerge(octokit, nodeId) {
    await octokit.graphql('mutation($id: ID!) { enablePullRequestAutoMerge(input: {pullRequestId: $id}) { pullRequest { number } } }', { id: nodeId });
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
        mergeSha: /^[0-9a-f]{40}$/.test(data.merge_commit_sha ?? '') ? (data.merge_commit_sha ?? '') : '',
        mergedAt: data.merged_at ?? '',
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
/** Only the fields of ChangedFile: GitHub's file has many more (its links, its sha). */
function changedFile({ filename, status, additions, deletions, patch }) {
    return { filename, status, additions, deletions, patch };
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

/***/ 23:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ releaseWaiting)
/* harmony export */ });
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4758);
/* harmony import */ var _github_awaiting_release_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7225);
/* harmony import */ var _github_pull_requests_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2139);
/* harmony import */ var _text_text_gate_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6882);
/* harmony import */ var _backlog_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9990);





/**
 * Marks ready every waiting docs pull request of this repository's code that one of `releases` (oldest
 * first) contains. `releases` not yet published, drafts, and prereleases without `include-prereleases`
 * must be left out by the caller.
 */
async function releaseWaiting(access, releases, options) {
    const { log } = access.step.runner;
    const docs = options.docsRepository ?? access.repository;
    const name = `${docs.owner}/${docs.repo}`;
    const octokit = await (0,_backlog_js__WEBPACK_IMPORTED_MODULE_3__/* .docsClient */ .vf)(access, docs);
    if (!octokit) {
        const skipped = `no token here may write to ${name}: set 'docs-token' to mark its docs pull requests ready`;
        log.warning(`No docs pull request was released: ${skipped}.`);
        return { rows: [], truncated: false, skipped };
    }
    let listed;
    try {
        listed = await (0,_github_awaiting_release_js__WEBPACK_IMPORTED_MODULE_1__/* .listAwaiting */ .VL)(octokit, docs, access.key);
    }
    catch (error) {
        const skipped = `listing the docs pull requests of ${name} waiting for a release failed: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`;
        log.warning(`No docs pull request was released: ${(0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .forLog */ .Ig)(skipped)}`);
        return { rows: [], truncated: false, skipped: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .forMarkdown */ .Bm)(skipped, 300) };
    }
    const here = `${access.repository.owner}/${access.repository.repo}`.toLowerCase();
    const rows = [];
    const warned = { autoMerge: false };
    for (const item of listed.items) {
        if (access.step.signal.aborted)
            return { rows, truncated: true };
        // A label without this action's signed line was put on by hand: it leaves the index, or it
        // would take a place of the 100 in every run.
        if (!item.request?.pull) {
            await (0,_github_awaiting_release_js__WEBPACK_IMPORTED_MODULE_1__/* .clearAwaiting */ .eK)(octokit, docs, item.number).catch((error) => log.warning(`Could not take the awaiting-release label off ${item.url}: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`));
            continue;
        }
        // Another repository's code (a docs repository shared by several): its own releases decide.
        if (item.request.repository.toLowerCase() !== here)
            continue;
        try {
            rows.push(await releaseOne(access, octokit, docs, item, releases, options, warned));
        }
        catch (error) {
            log.warning(`Could not release the docs pull request ${item.url}: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
            rows.push({ kind: 'error', docs: item.url, detail: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .forMarkdown */ .Bm)((0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error), 200) });
        }
    }
    if (listed.truncated) {
        log.notice(`More docs pull requests wait for a release than one run reads: the ${listed.items.length} least recently ` +
            `updated were looked at; those marked ready leave the index, so the next run reads further.`);
    }
    return { rows, truncated: listed.truncated };
}
async function releaseOne(access, octokit, docs, item, releases, options, warned) {
    const { log } = access.step.runner;
    const request = item.request;
    if (item.state === 'closed') {
        // Closed or merged by hand while it waited: the person's call stands; only the index forgets it.
        await (0,_github_awaiting_release_js__WEBPACK_IMPORTED_MODULE_1__/* .clearAwaiting */ .eK)(octokit, docs, item.number);
        return { kind: 'left', docs: item.url, detail: 'closed by hand while it waited: left as it is' };
    }
    const merge = await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_4__/* .readPullRequest */ .DQ)(access.octokit, access.repository, request.number);
    if (!merge.merged || !merge.mergeSha) {
        await (0,_github_awaiting_release_js__WEBPACK_IMPORTED_MODULE_1__/* .clearAwaiting */ .eK)(octokit, docs, item.number);
        return { kind: 'left', docs: item.url, detail: `#${request.number} is not merged: nothing to wait for` };
    }
    const release = await firstContaining(access, merge, releases);
    if (!release) {
        return { kind: 'waiting', docs: item.url, detail: `no release here contains ${merge.mergeSha.slice(0, 7)} yet` };
    }
    const pull = await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_4__/* .readPullRequest */ .DQ)(octokit, docs, item.number);
    if (pull.draft)
        await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_4__/* .setDraft */ .iR)(octokit, pull.nodeId, false);
    const tag = (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .forMarkdown */ .Bm)(release.tag, 100);
    // The tag passed its grammar at the door (awaiting-release.ts `releaseOf`); markdown gets its gated form all the same.
    const named = release.url ? `[${tag}](${release.url})` : tag;
    await (0,_github_pull_requests_js__WEBPACK_IMPORTED_MODULE_4__/* .commentOn */ .Jt)(octokit, docs, item.number, `Released in ${named}: it contains the code pull request ${merge.url} (commit ${merge.mergeSha.slice(0, 7)}), ` +
        `so these docs are ready for review.`);
    await (0,_github_awaiting_release_js__WEBPACK_IMPORTED_MODULE_1__/* .clearAwaiting */ .eK)(octokit, docs, item.number);
    log.info(`Released in ${(0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_2__/* .forLog */ .Ig)(release.tag, 100)}: ${item.url} is ready for review.`);
    if (options.settings.autoMerge) {
        try {
            await (0,_github_awaiting_release_js__WEBPACK_IMPORTED_MODULE_1__/* .enableAutoMerge */ .D2)(octokit, pull.nodeId);
        }
        catch (error) {
            // Once per run: a repository that does not allow auto-merge says so for every pull request.
            if (!warned.autoMerge)
                log.warning(`Could not enable auto-merge on ${item.url} (the docs repository must allow auto-merge, and the ` +
                    `token needs 'pull-requests: write'): ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`);
            warned.autoMerge = true;
        }
    }
    if (options.settings.releaseFollowUp) {
        const text = `The code of this job was released in ${release.tag}.`;
        await options.client
            .sendMessage(request.jobId, text, access.step.signal)
            .catch((error) => log.warning(`Could not tell job ${request.jobId} about the release: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`));
    }
    return { kind: 'ready', docs: item.url, detail: `released in ${tag}` };
}
/**
 * The oldest release whose tag contains the merge commit. Releases published before the merge are
 * not asked (their tag cannot hold it unless it moved: a moved tag is judged where it points now).
 */
async function firstContaining(access, merge, releases) {
    for (const release of releases) {
        if (merge.mergedAt && release.publishedAt && release.publishedAt < merge.mergedAt)
            continue;
        if (await (0,_github_awaiting_release_js__WEBPACK_IMPORTED_MODULE_1__/* .tagContains */ .I6)(access.octokit, access.repository, merge.mergeSha, release.tag))
            return release;
    }
    return undefined;
}


/***/ }),

/***/ 476:
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
            const target = { ...this.#repository, issueNumber: number };
            thread = new github_thread/* IssueThread */.kb(this.#octokit, target, this.#log, this.#signingKey);
            const read = this.#read.get(number);
            if (read?.complete)
                thread.preload(read.comments);
            this.#threads.set(number, thread);
        }
        return thread;
    }
}

// EXTERNAL MODULE: ./src/step/backlog.ts + 1 modules
var step_backlog = __webpack_require__(9990);
// EXTERNAL MODULE: ./src/step/backlog-inputs.ts
var backlog_inputs = __webpack_require__(9819);
// EXTERNAL MODULE: ./src/github/workflows.ts
var workflows = __webpack_require__(7665);
;// CONCATENATED MODULE: ./src/sweep/schedule.ts




/**
 * With `sweep-workflow`, the sweep turns its own schedule off once it leaves nothing in flight (it
 * found nothing, or finished the last request): an idle repository then runs no sweep at all, and
 * the next run that puts a request in flight turns it on again (github/in-flight.ts). A request
 * labelled while this sweep worked may have enabled the workflow before this disable: the index is
 * read again after it, and anything found there turns the schedule back on. So whichever order the
 * calls land in, the workflow ends enabled while anything is in flight.
 */
async function settleSchedule(setup, rows, left) {
    const file = setup.settings.sweepWorkflow;
    if (!file)
        return;
    const { log } = setup.step.runner;
    const own = (0,workflows/* ownWorkflowFile */.y0)();
    if (own !== file) {
        log.warning(`'${constants/* Input */.pd.SweepWorkflow}' is '${file}', but this sweep runs from ${own ? `'${own}'` : 'a workflow GITHUB_WORKFLOW_REF does not name'}: ` +
            "its schedule is left alone. Give every workflow of the action the sweep workflow's file name.");
        return;
    }
    // A request still working, or not reached, needs the next sweep.
    if (left > 0 || rows.some(({ kind }) => kind === 'active' || kind === 'error'))
        return;
    const { octokit, repository } = setup;
    const schedule = new workflows/* WorkflowSwitch */.mq(file, log);
    if (!(await schedule.set(octokit, repository, false)))
        return;
    let arrived = true;
    try {
        arrived = (await (0,in_flight/* listInFlight */.YL)(octokit, repository, 1)).items.length > 0;
    }
    catch (error) {
        // Not knowing is treated as a request in flight: a sweep too many costs a minute, one too few a request.
        log.warning((0,github_octokit/* describeGitHubError */.dZ)('Listing the requests in flight again', error, 'issues: read'));
    }
    if (arrived && (await schedule.set(octokit, repository, true))) {
        log.info(`A request came in flight meanwhile: the workflow '${file}' stays enabled.`);
    }
    else if (!arrived) {
        log.info(`Nothing is in flight: the workflow '${file}' is disabled until a run puts a request in flight.`);
    }
}

// EXTERNAL MODULE: ./src/github/awaiting-release.ts
var awaiting_release = __webpack_require__(7225);
// EXTERNAL MODULE: ./src/step/release-docs.ts
var release_docs = __webpack_require__(23);
;// CONCATENATED MODULE: ./src/sweep/releases.ts





/**
 * Releases a sweep catches up on: the newest published ones, at most this many, so one waiting docs
 * pull request costs at most this many compares (releases published before its merge cost none).
 */
const MAX_RELEASES = 5;
/**
 * The sweep's catch-up for `ready-when: released`: a release no run listened to (a release workflow
 * of its own, a failed run) marks its waiting docs pull requests ready here, as the release run
 * would have (step/release-docs.ts). Undefined when the workflow does not wait for releases, or
 * nothing was published. Never throws: a failure is a warning, the next sweep tries again.
 */
async function catchUpReleases(context, release, backlog) {
    if (release.readyWhen !== 'released')
        return undefined;
    const { log } = context.step.runner;
    let published;
    try {
        published = (await (0,awaiting_release/* listReleases */.tH)(context.octokit, context.repository, MAX_RELEASES))
            .filter((found) => !found.draft && found.publishedAt && (release.includePrereleases || !found.prerelease))
            .reverse();
    }
    catch (error) {
        log.warning(`Could not list the releases to catch up on: ${(0,errors/* errorMessage */.gJ)(error)}`);
        return undefined;
    }
    if (!published.length)
        return undefined;
    const result = await (0,release_docs/* releaseWaiting */.J)((0,step_backlog/* sweepAccess */.h2)(context, backlog.docsToken), published, {
        settings: release,
        docsRepository: backlog.docsRepository,
        client: context.client,
    });
    const ready = result.rows.filter((row) => row.kind === 'ready').length;
    const waiting = result.rows.filter((row) => row.kind === 'waiting').length;
    log.info((0,text_gate/* forLog */.Ig)(`Releases: ${ready} docs pull request(s) marked ready, ${waiting} still waiting ` +
        `(newest release ${published[published.length - 1]?.tag ?? ''}).`));
    return result;
}

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
async function runSweep(setup, finishers, keep = {
    backlog: backlog_inputs/* NO_BACKLOG */.Mm,
    askAgain: '/docs',
}) {
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
    await settleSchedule(context, rows, left);
    // Then the docs pull request backlog (step/backlog.ts), which needs no item and stops at the cancel.
    const backlog = step.signal.aborted
        ? undefined
        : await (0,step_backlog/* keepBacklog */.H0)(context, keep.backlog, { askAgain: keep.askAgain });
    // Then the releases no run listened to, for docs waiting for one (`ready-when: released`).
    if (!step.signal.aborted)
        await catchUpReleases(context, context.follow.release, keep.backlog);
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