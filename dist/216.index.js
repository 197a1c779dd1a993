"use strict";
exports.id = 216;
exports.ids = [216];
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

/***/ 6216:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runRelease: () => (/* binding */ runRelease)
/* harmony export */ });
/* harmony import */ var _base_constants_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7212);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4758);
/* harmony import */ var _github_awaiting_release_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7225);
/* harmony import */ var _github_permissions_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5435);
/* harmony import */ var _step_deps_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7502);
/* harmony import */ var _step_inputs_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9063);
/* harmony import */ var _step_release_docs_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(23);
/* harmony import */ var _text_text_gate_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6882);








/** Why this release event marks nothing ready, from the payload alone; undefined when it may. */
function ignored(event) {
    const { payload } = event;
    if (payload.action !== 'published') {
        return `a release '${(0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_7__/* .forLog */ .Ig)(payload.action ?? '', 40)}' event marks no docs ready: only 'published' does`;
    }
    const release = (0,_github_awaiting_release_js__WEBPACK_IMPORTED_MODULE_2__/* .releaseOf */ .l7)(payload.release);
    if (!release)
        return 'the release names no tag this action can show';
    if (release.draft)
        return `the release ${release.tag} is a draft`;
    return undefined;
}
/**
 * A release run (`release: published`): the releaser's permission, then the inputs, then the docs
 * pull requests waiting for a release this one contains are marked ready (step/release-docs.ts).
 * No service request, unless `release-follow-up: true`: then one follow-up per released job.
 */
async function runRelease(step, event, decision) {
    const { runner, record } = step;
    const { settings, problems } = decision;
    const skip = (notice) => {
        record.writeOutputs({ status: _base_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .SKIPPED_STATUS */ .ml, message: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_7__/* .forOutput */ .np)(`skipped: ${notice}`) });
        runner.log.notice(`Nothing to do: ${notice}.`);
    };
    const why = ignored(event);
    if (why)
        return skip(why);
    const release = (0,_github_awaiting_release_js__WEBPACK_IMPORTED_MODULE_2__/* .releaseOf */ .l7)(event.payload.release);
    if (!settings.githubToken)
        throw (0,_step_inputs_js__WEBPACK_IMPORTED_MODULE_5__/* .missingGitHubToken */ .vT)('a release run needs it to find the docs waiting for it');
    const deps = (0,_step_deps_js__WEBPACK_IMPORTED_MODULE_4__/* .productionDependencies */ .t)(settings, step);
    const octokit = await deps.octokit();
    const releaser = event.payload.sender ?? { login: '' };
    const verdict = await (0,_github_permissions_js__WEBPACK_IMPORTED_MODULE_3__/* .checkPermission */ .Y)(octokit, event.repository, releaser, settings);
    if (!verdict.allowed)
        return skip(`the release was published by ${(0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_7__/* .forLog */ .Ig)(releaser.login, 40)}: ${verdict.reason}`);
    problems.throwIfAny();
    const options = decision.release;
    if (options.readyWhen !== 'released') {
        return skip("'ready-when' is merged: docs pull requests are marked ready at the merge, not by a release");
    }
    if (release.prerelease && !options.includePrereleases) {
        return skip(`${release.tag} is a prerelease (set 'include-prereleases: true' to release docs with prereleases)`);
    }
    if (!settings.apiKey)
        throw (0,_step_inputs_js__WEBPACK_IMPORTED_MODULE_5__/* .missingApiKey */ .uu)();
    const access = {
        octokit,
        repository: event.repository,
        key: settings.apiKey,
        docsToken: decision.backlog.docsToken,
        timeoutMs: settings.timeoutMs,
        step,
    };
    const result = await (0,_step_release_docs_js__WEBPACK_IMPORTED_MODULE_6__/* .releaseWaiting */ .J)(access, [release], {
        settings: options,
        docsRepository: decision.backlog.docsRepository,
        client: deps.client,
    });
    await report(step, release, result);
}
/** One line for the `message` output and the log, and the rows in the job summary. */
async function report(step, release, result) {
    const { runner, record } = step;
    const count = (kind) => result.rows.filter((row) => row.kind === kind).length;
    const line = result.skipped ??
        `Release ${release.tag}: ${count('ready')} docs pull request(s) marked ready, ${count('waiting')} still waiting` +
            `${count('error') ? `, ${count('error')} error(s)` : ''}${result.truncated ? ' (more left for the next run)' : ''}.`;
    record.writeOutputs({ status: _base_constants_js__WEBPACK_IMPORTED_MODULE_0__/* .RELEASED_STATUS */ .lU, message: (0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_7__/* .forOutput */ .np)(line) });
    runner.log.info((0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_7__/* .forLog */ .Ig)(line));
    const summary = runner
        .summary()
        .addHeading('Docs that ship with the release', 3)
        .addRaw((0,_text_text_gate_js__WEBPACK_IMPORTED_MODULE_7__/* .forMarkdown */ .Bm)(line, 300), true);
    for (const row of result.rows)
        summary.addRaw(`- ${row.kind}: ${row.docs} (${row.detail})`, true);
    await summary
        .write()
        .catch((error) => runner.log.warning(`Could not write the job summary: ${(0,_base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(error)}`));
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


/***/ })

};
;