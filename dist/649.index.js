"use strict";
exports.id = 649;
exports.ids = [649];
exports.modules = {

/***/ 9649:
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
// EXTERNAL MODULE: ./src/github/progress-comment.ts
var progress_comment = __webpack_require__(6396);
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
// EXTERNAL MODULE: ./src/pulls/lock.ts
var lock = __webpack_require__(669);
// EXTERNAL MODULE: ./src/pulls/thread.ts
var pulls_thread = __webpack_require__(7522);
// EXTERNAL MODULE: ./src/pulls/write.ts
var write = __webpack_require__(5663);
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
    const pull = await (0,pull_requests/* readPullRequest */.DQ)(octokit, repository, number);
    if (pull.state !== 'closed')
        return `Pull request #${number} is open again: its docs pull request stays as it is.`;
    const thread = await (0,pulls_thread/* findThread */.qN)(context.issue);
    if (!thread.jobId)
        return `Nothing to do: pull request #${number} has no docs job.`;
    if (thread.state.closed)
        return `The docs of #${number} were settled already (${thread.state.closed}).`;
    const job = await deps.client.getJob(thread.jobId, undefined, deps.signal);
    const { merged } = pull;
    const settled = job.prLink
        ? await (0,docs_pull/* settleDocs */.z5)(context, job.prLink, merged, thread.state.drafted, pull.url)
        : { done: true, line: 'The job opened no docs pull request: nothing to close.' };
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
    const job = await deps.client.getJob(thread.jobId, undefined, deps.signal);
    const reopened = job.prLink
        ? await (0,docs_pull/* reopenDocs */.XA)(context, job.prLink, codeUrl)
        : { done: true, line: 'The code pull request was reopened.' };
    if (reopened.done)
        thread.state = { ...thread.state, closed: '' };
    const link = job.prLink ? ` <${job.prLink}>` : '';
    await (0,write/* say */.cv)(context, thread, {
        headline: `🔁 **Docs:** the code pull request was reopened.${link}`,
        lines: [(0,text_gate/* forMarkdown */.Bm)(reopened.line, 600)],
    });
    deps.runner.log.info(reopened.line);
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
                const now = await (0,pull_requests/* readPullRequest */.DQ)(octokit, repository, number);
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
    const issue = new thread/* IssueThread */.kb(octokit, { ...event.repository, issueNumber: decision.number }, deps.runner.log, settings.apiKey);
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
    // Who may spend the quota (the pull request's author) is settled before any input is judged.
    const pull = await (0,pull_requests/* readPullRequest */.DQ)(octokit, event.repository, decision.number);
    if (decision.kind !== 'close') {
        const verdict = await (0,permissions/* checkPermission */.Y)(octokit, event.repository, pull.author, settings);
        if (!verdict.allowed)
            return refuse(context, pull, verdict.reason);
    }
    if (decision.kind === 'close')
        return closeFollowed(context, problems);
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
    if (await (0,pulls_backlog/* refusedOverBacklog */.G)(context, backlog, pull, write/* check */.z6))
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
/** An author who may not ask: a neutral check, the refusal reply (reply-on-refusal), a skip. */
async function refuse(context, pull, why) {
    const { settings, deps } = context;
    const reason = `not started for ${pull.author.login}: ${why}`;
    await (0,write/* check */.z6)(context, pull.headSha, {
        title: `skipped: ${reason}`,
        summary: `${reason}. A \`/docs\` comment by a maintainer starts it.`,
        conclusion: 'neutral',
    });
    if (settings.replyOnRefusal) {
        await new progress_comment/* ProgressComments */.W(context.octokit, { ...context.repository, issueNumber: context.number }, deps.runner.log, settings.apiKey).refuse(pull.author.login, `${why}; a \`/docs\` comment by a maintainer starts it`);
    }
    skipped(reason, deps);
}
/** The previous head's check, still in progress, is completed: its head is no longer the pull request's. */
async function supersede(context, before, head) {
    const { findChecks } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 6250));
    try {
        const running = (await findChecks(context.octokit, context.repository, before, context.follow.checkName)).filter((found) => found.status !== 'completed');
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
    if (verdict.conclusion === 'failure')
        runner.setFailed(`Docs: ${verdict.line}`);
    else
        runner.log.notice(`Docs: ${verdict.line}`);
}


/***/ })

};
;