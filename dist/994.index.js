"use strict";
exports.id = 994;
exports.ids = [994];
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

/***/ 9994:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runFollow: () => (/* binding */ runFollow)
});

// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/base/constants.ts
var constants = __webpack_require__(7212);
// EXTERNAL MODULE: ./src/github/event.ts + 1 modules
var github_event = __webpack_require__(7077);
// EXTERNAL MODULE: ./src/github/permissions.ts
var permissions = __webpack_require__(5435);
// EXTERNAL MODULE: ./src/github/pull-requests.ts
var pull_requests = __webpack_require__(2139);
// EXTERNAL MODULE: ./src/step/deps.ts
var step_deps = __webpack_require__(7502);
// EXTERNAL MODULE: ./src/step/inputs.ts + 2 modules
var inputs = __webpack_require__(9063);
// EXTERNAL MODULE: ./src/text/text-gate.ts
var text_gate = __webpack_require__(6882);
// EXTERNAL MODULE: ./src/pulls/docs-pull.ts
var docs_pull = __webpack_require__(2141);
// EXTERNAL MODULE: ./src/github/awaiting-release.ts
var awaiting_release = __webpack_require__(7225);
// EXTERNAL MODULE: ./src/github/docs-pr-trust.ts
var docs_pr_trust = __webpack_require__(3032);
// EXTERNAL MODULE: ./src/step/backlog.ts + 1 modules
var backlog = __webpack_require__(9990);
// EXTERNAL MODULE: ./src/pulls/write.ts
var write = __webpack_require__(5663);
;// CONCATENATED MODULE: ./src/pulls/release-wait.ts







/**
 * The code pull request closed: with `ready-when: released` and a merge, the docs pull request waits
 * for a release (waitForRelease); otherwise it is settled as always (docs-pull.ts, `settleDocs`).
 */
async function settleOrWait(context, link, vetted, drafted, code) {
    const found = await (0,docs_pull/* signedDocs */.sM)(context, link, vetted);
    if (!code.merged || context.follow.release.readyWhen !== 'released') {
        return (0,docs_pull/* settleDocs */.z5)(context, link, found, code.merged, drafted, code.url);
    }
    return waitForRelease(context, link, found, { ...code, jobId: vetted.job.id });
}
/**
 * `ready-when: released` at the merge: the docs pull request stays a draft, is told which commit a
 * release must contain, and joins the awaiting-release index (github/awaiting-release.ts) that the
 * release run and the sweep read; the head's Docs check says it waits. A docs pull request someone
 * marked ready by hand (or closed) is left as it is: a person decided.
 */
async function waitForRelease(context, link, found, code) {
    const { deps, repository, number } = context;
    const { log } = deps.runner;
    if ('problem' in found)
        return (0,docs_pull/* said */.ag)(false, `The code merged; the docs pull request cannot wait for a release: ${found.problem}.`);
    const { octokit, docs, read: pull } = found;
    try {
        if (pull.state === 'closed')
            return (0,docs_pull/* said */.ag)(true, 'The code merged; the docs pull request is closed: left as it is.');
        if (!pull.draft)
            return (0,docs_pull/* said */.ag)(true, 'The code merged; the docs pull request was marked ready by hand: left as it is.');
        // The code pull request as read under the lock (close.ts): its merge commit with it.
        if (!code.mergeSha)
            return (0,docs_pull/* said */.ag)(false, 'The code merged, but GitHub gave no merge commit yet: a re-run of this run retries.');
        const short = code.mergeSha.slice(0, 7);
        // The release finds it by its signed line (the pairing) and this label (the index).
        await (0,backlog/* markDocsPull */.Y5)((0,docs_pull/* docsAccess */.wH)(context), link, { number, pull: true, jobId: code.jobId }, {}, found);
        await (0,awaiting_release/* markAwaiting */.qt)(octokit, docs, found.number);
        await (0,pull_requests/* commentOn */.Jt)(octokit, docs, found.number, `The code pull request ${code.url} was merged. These docs stay a draft until a published release contains ` +
            `commit ${short}; then they are marked ready for review.`);
        if (!(0,docs_pr_trust/* sameRepository */.RB)(docs, repository)) {
            log.notice(`The release run looks for waiting docs pull requests in 'docs-repository': set it to ` +
                `${docs.owner}/${docs.repo}, with a 'docs-token' that may write there.`);
        }
        const title = `docs PR #${found.number}, waiting for a release`;
        await (0,write/* check */.z6)(context, code.headSha, {
            title,
            summary: `The code merged as ${short}. The docs pull request is marked ready for review when a published release contains it.`,
            conclusion: 'success',
        });
        return (0,docs_pull/* said */.ag)(true, `The code merged: the docs pull request waits for a release that contains commit ${short}.`);
    }
    catch (error) {
        log.warning(`Could not keep the docs pull request ${link} waiting for a release: ${(0,errors/* errorMessage */.gJ)(error)}`);
        return (0,docs_pull/* said */.ag)(false, `The code merged; keeping the docs pull request waiting failed: ${(0,errors/* errorMessage */.gJ)(error).slice(0, 200)}`);
    }
}

// EXTERNAL MODULE: ./src/pulls/lock.ts
var lock = __webpack_require__(669);
// EXTERNAL MODULE: ./src/pulls/thread.ts
var pulls_thread = __webpack_require__(7522);
;// CONCATENATED MODULE: ./src/pulls/close.ts
// The code pull request's close and reopen, as they touch its docs pull request. Each is judged on
// the pull request's state read under its lock (lock.ts), never on the event's: a `closed` run
// that executes after a reopen leaves the docs open, and a close during a round is settled by the
// run that holds the lock.









/** A `closed` event: the docs pull request settled once, under the lock, by the state read there. */
async function closeFollowed(context, problems) {
    const { deps, number } = context;
    const { runner, record } = deps;
    const found = await (0,pulls_thread/* findThread */.qN)(context.issue);
    // A create under way (its record written, its job not yet) is settled by the run that holds the lock.
    if (!found.jobId && !found.state.head) {
        record.writeOutputs({ status: constants/* SKIPPED_STATUS */.ml });
        runner.log.notice(`Nothing to do: pull request #${number} has no docs job.`);
        return;
    }
    problems.throwIfAny();
    if (!context.settings.apiKey)
        throw (0,inputs/* missingApiKey */.uu)();
    const held = await (0,lock/* underLock */.y)(context, () => settleClose(context));
    const line = held.held
        ? held.value
        : `Another run holds #${number} (since ${held.since}): it settles the docs when its round ends.`;
    const thread = await (0,pulls_thread/* findThread */.qN)(context.issue);
    record.writeOutputs({ status: constants/* SKIPPED_STATUS */.ml, jobId: thread.jobId || undefined, message: (0,text_gate/* forOutput */.np)(line) });
    runner.log.notice(line);
}
/**
 * Under the lock: when the pull request is closed now, its docs pull request is closed (or, merged,
 * marked ready) once, and the thread says so. Returns what was done, in one line.
 */
async function settleClose(context) {
    const { deps, octokit, repository, number } = context;
    // Fresh under the lock: a close is judged on the state there, never on the event's (issue 34).
    const pull = await (0,pull_requests/* readPullRequest */.DQ)(octokit, repository, number);
    if (pull.state !== 'closed')
        return `Pull request #${number} is open again: its docs pull request stays as it is.`;
    const thread = await (0,pulls_thread/* findThread */.qN)(context.issue);
    if (!thread.jobId)
        return `Nothing to do: pull request #${number} has no docs job.`;
    if (thread.state.closed)
        return `The docs of #${number} were settled already (${thread.state.closed}).`;
    // The one check first: a link it refuses is never named as the docs pull request (docs-pull.ts).
    const vetted = await (0,docs_pull/* vetFollowedJob */.tl)(context, await deps.client.getJob(thread.jobId, deps.signal));
    const { merged } = pull;
    const { job } = vetted;
    const settled = job.prLink
        ? await settleOrWait(context, job.prLink, vetted, thread.state.drafted, pull)
        : { done: true, line: noDocsPull(job, 'The job opened no docs pull request: nothing to close.') };
    if (settled.done)
        thread.state = { ...thread.state, closed: merged ? 'merged' : 'closed' };
    const link = job.prLink ? ` <${job.prLink}>` : '';
    await (0,write/* say */.cv)(context, thread, {
        headline: `${merged ? '🔀' : '🚫'} **Docs:** ${merged ? 'the code merged' : 'the code pull request was closed'}.${link}`,
        lines: [(0,text_gate/* forMarkdown */.Bm)(settled.line, 600)],
    });
    return settled.line;
}
/**
 * A pull request followed again after this action closed its docs pull request (the code was
 * closed unmerged, then reopened): the docs pull request is reopened first, and the thread's record
 * says it is open again, so a later close settles it once more.
 */
async function reopenClosedDocs(context, codeUrl) {
    const thread = await (0,pulls_thread/* findThread */.qN)(context.issue);
    if (!thread.jobId || thread.state.closed !== 'closed')
        return;
    const { deps } = context;
    // The one check first: a link it refuses is never named as the docs pull request (docs-pull.ts).
    const vetted = await (0,docs_pull/* vetFollowedJob */.tl)(context, await deps.client.getJob(thread.jobId, deps.signal));
    const { job } = vetted;
    const reopened = job.prLink
        ? await (0,docs_pull/* reopenDocs */.XA)(context, job.prLink, vetted, codeUrl)
        : { done: true, line: noDocsPull(job, 'The code pull request was reopened.') };
    if (reopened.done)
        thread.state = { ...thread.state, closed: '' };
    const link = job.prLink ? ` <${job.prLink}>` : '';
    await (0,write/* say */.cv)(context, thread, {
        headline: `🔁 **Docs:** the code pull request was reopened.${link}`,
        lines: [(0,text_gate/* forMarkdown */.Bm)(reopened.line, 600)],
    });
    deps.runner.log.info(reopened.line);
}
/** The thread's line for a job with no docs pull request to name: `plain`, or why the link it reported was not used. */
function noDocsPull(job, plain) {
    if (!job.rejectedPrLink)
        return plain;
    return `The link the job reported ${job.prLinkProblem ?? 'is not one this action can vouch for'}, so nothing was done to it.`;
}

// EXTERNAL MODULE: ./src/pulls/follow.ts + 1 modules
var follow = __webpack_require__(2223);
;// CONCATENATED MODULE: ./src/pulls/held.ts
// Follow mode's work under the pull request's lock (lock.ts): the rounds that bring the job up to
// date with the head, and the close. One run or sweep at a time holds it.






/** How many rounds one run plays at most: pushes that keep coming are the next run's or the sweep's. */
const MAX_ROUNDS = 5;
/**
 * Rounds under the pull request's lock until the job knows the head, then lets go and looks once
 * more: a push that came while the lock was held was folded into this run's work by the run that
 * found the lock taken. A close seen on the way is settled under the lock. After MAX_ROUNDS a head
 * still unsent is left in flight (leaveQueued), never dropped.
 */
async function followWhileHeld(context, headSha, codeUrl) {
    const { deps, octokit, repository, number } = context;
    const { log } = deps.runner;
    let last;
    let rounds = 0;
    let head = headSha;
    while (rounds < MAX_ROUNDS) {
        const held = await (0,lock/* underLock */.y)(context, async () => {
            if (rounds === 0)
                await reopenClosedDocs(context, codeUrl);
            // Every round counts, also across letting go and taking the lock again: never an endless run.
            while (rounds < MAX_ROUNDS) {
                rounds++;
                last = await (0,follow/* followRound */.Y)(context);
                if (deps.signal.aborted)
                    return true;
                // Fresh unless the round read it once its work was done.
                const now = last.now ?? (await (0,pull_requests/* readPullRequest */.DQ)(octokit, repository, number));
                if (now.state === 'closed') {
                    log.info(await settleClose(context));
                    return true;
                }
                if (last.stop)
                    return true;
                if (!(await moved(context, now.headSha)))
                    return false;
                head = now.headSha;
                log.info(`The pull request moved on to ${head.slice(0, 12)} meanwhile: sending that too.`);
            }
            return false;
        });
        if (!held.held) {
            if (last)
                return last;
            log.notice(`Another run is bringing the docs of #${number} up to date (since ${held.since}): this push is folded into its next follow-up.`);
            await (0,write/* check */.z6)(context, headSha, {
                title: 'queued: folded into the next follow-up',
                summary: `${write/* QUEUED */.I$} another run holds the job of this pull request; it sends this head when its current round ends.`,
            });
            // Should the holder stop first (killed, or out of rounds), the sweep finds this head.
            await (0,write/* flagInFlight */.Uu)(context, true);
            return undefined;
        }
        if (held.value)
            return last;
        // Fresh after letting go: a push or a close that came while the lock was held.
        const after = await (0,pull_requests/* readPullRequest */.DQ)(octokit, repository, number);
        // A close that came while the lock was held: its own run found the lock taken and left it here.
        if (after.state === 'closed') {
            const settled = await (0,lock/* underLock */.y)(context, () => settleClose(context));
            if (settled.held)
                log.info(settled.value);
            return last;
        }
        if (!(await moved(context, after.headSha)))
            return last;
        head = after.headSha;
    }
    await leaveQueued(context, head);
    return last;
}
/** Whether the head is one the job was not told about. */
async function moved(context, head) {
    const thread = await (0,pulls_thread/* findThread */.qN)(context.issue);
    return !!thread.jobId && thread.state.head !== head;
}
/**
 * This run played its rounds and the pull request moved on again: its head stays in flight (the
 * label on), for the sweep to send (finisher.ts) or the next event on the pull request.
 */
async function leaveQueued(context, head) {
    context.deps.runner.log.notice(`This run sent ${MAX_ROUNDS} rounds; ${head.slice(0, 12)} is left to the sweep or the next event.`);
    await (0,write/* check */.z6)(context, head, {
        title: 'queued: left to the next follow-up',
        summary: `${write/* QUEUED */.I$} the run before sent ${MAX_ROUNDS} rounds, its most. The sweep (\`mode: sweep\`) or the next event on ` +
            'this pull request sends this head.',
    });
    await (0,write/* flagInFlight */.Uu)(context, true);
}

// EXTERNAL MODULE: ./src/github/thread.ts
var thread = __webpack_require__(703);
// EXTERNAL MODULE: ./src/pulls/backlog.ts
var pulls_backlog = __webpack_require__(9367);
;// CONCATENATED MODULE: ./src/pulls/run.ts













/**
 * Follow mode (`pull-requests: follow`) on a pull request event: one docs job per pull request for
 * its whole life, as decided (mode.ts). Input errors are thrown only once the pull request's author
 * passed the permission check: an outsider's pull request never causes or learns of one.
 */
async function runFollow(step, event, decided) {
    const { pull: decision, settings, follow, backlog, problems } = decided;
    const deps = (0,step_deps/* productionDependencies */.t)(settings, step);
    const { runner, record } = step;
    if (decision.kind === 'ignore') {
        record.writeOutputs({ status: constants/* SKIPPED_STATUS */.ml });
        runner.log.notice(`Nothing to do: ${decision.reason}.`);
        return;
    }
    // A fork's run has no secrets: a skip with a notice, never an input error.
    if (decision.kind === 'skip' && !(0,github_event/* getsSecrets */.F)(event))
        return skipped(decision.reason, deps);
    if (!settings.githubToken) {
        throw (0,inputs/* missingGitHubToken */.vT)('following a pull request needs it (comments, checks)');
    }
    const octokit = await deps.octokit();
    const target = { ...event.repository, issueNumber: decision.number };
    const issue = new thread/* IssueThread */.kb(octokit, target, deps.runner.log, settings.apiKey);
    const context = {
        settings,
        follow,
        deps,
        octokit,
        repository: event.repository,
        number: decision.number,
        scope: issue.scope,
        issue,
    };
    // A close reads the pull request under the lock only (close.ts).
    if (decision.kind === 'close')
        return closeFollowed(context, problems);
    // Read before the lock: who may spend the quota (its author) is settled before any input is judged.
    const pull = await (0,pull_requests/* readPullRequest */.DQ)(octokit, event.repository, decision.number);
    const verdict = await (0,permissions/* checkPermission */.Y)(octokit, event.repository, pull.author, settings);
    if (!verdict.allowed) {
        // An author who may not ask: the check and the reply say a maintainer's `/docs` starts it.
        const reason = `not started for ${pull.author.login}: ${verdict.reason}`;
        const summary = `${reason}. A \`/docs\` comment by a maintainer starts it.`;
        const reply = `${verdict.reason}; a \`/docs\` comment by a maintainer starts it`;
        await (0,write/* refuse */.TR)(context, pull, { title: `skipped: ${reason}`, summary }, reply);
        return skipped(reason, deps);
    }
    problems.throwIfAny();
    if (decision.kind === 'skip') {
        await (0,write/* check */.z6)(context, decision.headSha, {
            title: `skipped: ${decision.reason}`,
            summary: `Not followed: ${decision.reason}.`,
            conclusion: 'neutral',
        });
        return skipped(decision.reason, deps);
    }
    if (!settings.apiKey)
        throw (0,inputs/* missingApiKey */.uu)();
    // The docs pull request backlog (pulls/backlog.ts): at max-open-docs-prs no first job starts.
    if (await (0,pulls_backlog/* refusedOverBacklog */.G)(context, backlog, pull))
        return;
    if (decision.before)
        await supersede(context, decision.before, decision.headSha);
    const round = await followWhileHeld(context, decision.headSha, pull.url);
    await report(round, deps);
}
function skipped(reason, deps) {
    deps.record.writeOutputs({ status: constants/* SKIPPED_STATUS */.ml, message: (0,text_gate/* forOutput */.np)(`skipped: ${reason}`) });
    deps.runner.log.notice(`Skipped: ${reason}.`);
}
/** The previous head's check, still in progress, is completed: its head is no longer the pull request's. */
async function supersede(context, before, head) {
    const { findChecks } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 6250));
    try {
        const { octokit, repository, follow, settings } = context;
        const running = (await findChecks(octokit, repository, before, follow.checkName, settings.apiKey)).filter((found) => found.status !== 'completed');
        for (const found of running.slice(0, 5)) {
            await (0,write/* check */.z6)(context, before, {
                title: 'superseded by a newer head',
                summary: `The pull request moved on to ${head}; the docs follow it there.`,
                conclusion: 'neutral',
            }, found.id);
        }
    }
    catch (error) {
        context.deps.runner.log.warning(`Could not complete the check of ${before.slice(0, 12)}: ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
}
async function report(round, deps) {
    const { runner, record } = deps;
    if (!round) {
        record.writeOutputs({ status: constants/* SKIPPED_STATUS */.ml, message: 'queued: folded into the next follow-up' });
        return;
    }
    const { job, verdict } = round;
    const status = deps.signal.aborted && !job
        ? round.mayExist
            ? constants/* UNKNOWN_STATUS */.uy
            : constants/* CANCELLED_STATUS */.Zn
        : (job?.status ?? (verdict.conclusion === 'failure' ? 'error' : constants/* SKIPPED_STATUS */.ml));
    record.writeOutputs({
        status,
        jobId: job?.id,
        prLink: job?.prLink ?? undefined,
        prNumber: job?.prNumber,
        message: (0,text_gate/* forOutput */.np)(verdict.line),
    });
    const link = job?.prLink ? ` ${job.prLink}` : '';
    await runner
        .summary()
        .addHeading('Docs', 3)
        .addRaw(`${(0,text_gate/* forMarkdown */.Bm)(verdict.line)}${link}`, true)
        .write()
        .catch((error) => runner.log.warning(`Could not write the job summary: ${(0,errors/* errorMessage */.gJ)(error)}`));
    // A cancel before any job fails the step, as the table's cancelled row does in agent mode; its check is neutral.
    if (verdict.conclusion === 'failure' || status === constants/* CANCELLED_STATUS */.Zn)
        runner.setFailed(`Docs: ${verdict.line}`);
    // A link the run cannot vouch for is a warning, never a silent end (as in agent mode).
    else if (job?.rejectedPrLink !== undefined)
        runner.log.warning(`Docs: ${verdict.line}`);
    else
        runner.log.notice(`Docs: ${verdict.line}`);
}


/***/ })

};
;