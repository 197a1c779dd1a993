exports.id = 217;
exports.ids = [217];
exports.modules = {

/***/ 8277:
/***/ ((module) => {

function webpackEmptyAsyncContext(req) {
	// Here Promise.resolve().then() is used instead of new Promise() to prevent
	// uncaught exception popping up in devtools
	return Promise.resolve().then(() => {
		var e = new Error("Cannot find module '" + req + "'");
		e.code = 'MODULE_NOT_FOUND';
		throw e;
	});
}
webpackEmptyAsyncContext.keys = () => ([]);
webpackEmptyAsyncContext.resolve = webpackEmptyAsyncContext;
webpackEmptyAsyncContext.id = 8277;
module.exports = webpackEmptyAsyncContext;

/***/ }),

/***/ 5189:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

"use strict";

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runAsk: () => (/* binding */ runAsk)
});

// UNUSED EXPORTS: answerQuestion, fingerprint

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/base/constants.ts
var constants = __webpack_require__(7212);
// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/step/deps.ts + 1 modules
var deps = __webpack_require__(6210);
// EXTERNAL MODULE: ./src/base/clock.ts
var clock = __webpack_require__(4031);
// EXTERNAL MODULE: ./src/base/format.ts
var format = __webpack_require__(8378);
// EXTERNAL MODULE: ./src/github/permissions.ts
var permissions = __webpack_require__(5435);
// EXTERNAL MODULE: ./src/text/sanitize.ts
var sanitize = __webpack_require__(4212);
// EXTERNAL MODULE: ./src/text/text-gate.ts
var text_gate = __webpack_require__(6882);
// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(7067);
// EXTERNAL MODULE: external "node:https"
var external_node_https_ = __webpack_require__(4708);
// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: ./node_modules/@actions/http-client/lib/index.js
var lib = __webpack_require__(2779);
// EXTERNAL MODULE: ./src/base/retry-after.ts
var retry_after = __webpack_require__(5160);
;// CONCATENATED MODULE: ./src/service/assistant.ts
// Sends a question to the assistant and hands back the answer's body as a stream of bytes.
//
// The request goes through Node's http(s) with @actions/http-client's agent, as src/service/transport.ts does,
// so the runner's https_proxy/no_proxy apply. The `ai` package's DefaultChatTransport would use
// the global fetch (undici), which ignores those variables; so we make the request ourselves and
// let the `ai` package read the body (src/service/assistant-stream.ts): no hand-written event-stream parsing.









/** An error body feeds one line; a proxy's page is cut, not read whole. */
const ERROR_BODY_LIMIT = 64 * 1024;
class AskClient {
    #options;
    #agentSource;
    constructor(options) {
        this.#options = options;
        this.#agentSource = new lib/* HttpClient */.Qq(options.userAgent, [], {
            allowRetries: false,
            allowRedirects: false,
            keepAlive: false,
        });
    }
    get url() {
        return `${this.#options.baseUrl}/discovery/v2/assistant/${encodeURIComponent(this.#options.domain)}/message`;
    }
    /**
     * Posts the question; resolves once the answer starts, with its body as a web stream. Aborting
     * `signal` destroys the connection, which ends the stream with an error (the caller keeps what
     * arrived). Throws a ServiceError for an answer that is not an event stream.
     */
    async open(body, signal) {
        const response = await this.#send(JSON.stringify(body), signal);
        const status = response.statusCode ?? 0;
        const where = `POST ${new URL(this.url).pathname}`;
        if (status < 200 || status >= 300) {
            const text = await readCapped(response);
            throw failure(status, response, text, where);
        }
        const type = String(response.headers['content-type'] ?? '');
        if (!/^text\/event-stream\b/i.test(type)) {
            response.destroy();
            throw new errors/* ServiceError */._7(`${where} answered with ${describeType(type)} instead of an event stream: is '${constants/* Input */.pd.BaseUrl}' the service's address?`, 'malformed', { status, publicMessage: 'The assistant answered with something other than an answer stream.' });
        }
        return external_node_stream_.Readable.toWeb(response);
    }
    #send(payload, signal) {
        const url = new URL(this.url);
        const where = `POST ${url.pathname}`;
        return new Promise((resolve, reject) => {
            const req = (url.protocol === 'https:' ? external_node_https_.request : external_node_http_.request)(url, {
                method: 'POST',
                agent: this.#agentSource.getAgent(url.href),
                signal,
                headers: {
                    'User-Agent': this.#options.userAgent,
                    Authorization: `Bearer ${this.#options.assistantKey}`,
                    'Content-Type': 'application/json',
                    Accept: 'text/event-stream',
                    'Content-Length': String(Buffer.byteLength(payload)),
                },
            });
            const timer = setTimeout(() => req.destroy(new StartTimeout()), this.#options.requestTimeoutMs);
            req.on('response', (response) => {
                clearTimeout(timer);
                resolve(response);
            });
            req.on('error', (error) => {
                clearTimeout(timer);
                reject(connectionError(error, where, this.#options.requestTimeoutMs, url.host));
            });
            req.end(payload);
        });
    }
}
class StartTimeout extends Error {
}
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);
function connectionError(error, where, timeoutMs, host) {
    if (error instanceof StartTimeout) {
        return new errors/* ServiceError */._7(`${where} got no answer within ${(0,format/* formatSeconds */.X)(timeoutMs)}`, 'timeout');
    }
    const code = error?.code ?? '';
    if (code === 'ABORT_ERR')
        return new errors/* ServiceError */._7(`${where} was cancelled`, 'interrupted');
    if (UNREACHABLE.has(code)) {
        return new errors/* ServiceError */._7(`Could not connect to ${host} (${code})`, 'unreachable', {
            publicMessage: `Could not connect to the assistant (${code}).`,
        });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new errors/* ServiceError */._7(`${where} was interrupted (${(0,text_gate/* forLog */.Ig)(code || message, 120)})`, 'interrupted');
}
function failure(status, response, text, where) {
    const retryAfterMs = (0,retry_after/* parseRetryAfter */.m)(response.headers['retry-after'], Date.now());
    const detail = errorDetail(text, String(response.headers['content-type'] ?? ''));
    if (status === 401 || status === 403) {
        return new errors/* ServiceError */._7(`The assistant refused '${constants/* Input */.pd.AssistantKey}' (HTTP ${status}${detail}): use the assistant key ` +
            `(svc_dsc_) of the documentation site named in '${constants/* Input */.pd.Domain}'.`, 'http', { status, publicMessage: `The assistant refused the action's key (HTTP ${status}).` });
    }
    if (status === 404) {
        return new errors/* ServiceError */._7(`${where} answered HTTP 404${detail}: check '${constants/* Input */.pd.Domain}' (your documentation site's identifier) and '${constants/* Input */.pd.BaseUrl}'.`, 'http', { status, publicMessage: 'The assistant does not know this documentation site (HTTP 404).' });
    }
    return new errors/* ServiceError */._7(`${where} answered HTTP ${status}${detail}`, 'http', {
        status,
        retryAfterMs,
        publicMessage: `The assistant answered HTTP ${status}.`,
    });
}
/** `: <the service's error>` from a JSON body, ` (an HTML page)` for a proxy's page, or ''. */
function errorDetail(text, type) {
    if (/html/i.test(type) || /^\s*</.test(text))
        return ' (an HTML page)';
    try {
        const parsed = JSON.parse(text);
        const message = typeof parsed.error === 'string' ? parsed.error : parsed.message;
        if (typeof message === 'string' && message.trim())
            return `: ${(0,text_gate/* forLog */.Ig)(message, 200)}`;
    }
    catch {
        // Not JSON: the first line of plain text is still worth a look.
    }
    const line = text.trim().split('\n', 1)[0] ?? '';
    return line ? `: ${(0,text_gate/* forLog */.Ig)(line, 200)}` : '';
}
function describeType(type) {
    if (!type)
        return 'a body of no declared type';
    if (/html/i.test(type))
        return 'an HTML page';
    return `'${(0,text_gate/* forLog */.Ig)(type, 60)}'`;
}
function readCapped(response) {
    return new Promise((resolve) => {
        const chunks = [];
        let size = 0;
        const done = () => resolve(Buffer.concat(chunks).toString('utf8'));
        response.on('data', (chunk) => {
            if (size >= ERROR_BODY_LIMIT)
                return;
            chunks.push(chunk.subarray(0, ERROR_BODY_LIMIT - size));
            size += chunk.length;
            if (size >= ERROR_BODY_LIMIT)
                response.destroy();
        });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
    });
}

// EXTERNAL MODULE: ./src/text/grammar.ts
var grammar = __webpack_require__(9018);
;// CONCATENATED MODULE: ./src/github/answer-marker.ts


/**
 * The hidden first line of an answer comment. It records the assistant's thread id so that the
 * next `/docs ask` on the issue continues the conversation, and which comment asked, so that the
 * earlier turns can be sent again. It holds only ids, never user or model text.
 */
const ASK_MARKER_PREFIX = '<!-- docs-agent-ask';
const SIGNATURE_LENGTH = 32;
const QUESTION_REF = /^(?:c\d{1,20}|i|r\d{1,20})$/;
function sign(scope, marker) {
    const text = ['ask', scope.repository.toLowerCase(), String(scope.issueNumber), marker.threadId, marker.question];
    return (0,external_node_crypto_.createHmac)('sha256', scope.key).update(text.join('\n')).digest('hex').slice(0, SIGNATURE_LENGTH);
}
function renderAskMarker(marker, scope) {
    const threadId = grammar/* THREAD_ID */.r2.test(marker.threadId) ? marker.threadId : '';
    const question = QUESTION_REF.test(marker.question) ? marker.question : 'i';
    const clean = { threadId, question };
    return `${ASK_MARKER_PREFIX} thread=${threadId || '-'} q=${question} sig=${sign(scope, clean)} -->`;
}
/** The marker on the first line of `body`, if this action signed it for this scope; text further down is never read. */
function parseAskMarker(body, scope) {
    const firstLine = body.split('\n', 1)[0] ?? '';
    const match = /^<!-- docs-agent-ask thread=(\S+) q=(\S+) sig=([0-9a-f]+) -->$/.exec(firstLine.trimEnd());
    if (!match)
        return undefined;
    const [, thread = '', question = '', signature = ''] = match;
    const marker = { threadId: thread === '-' ? '' : thread, question };
    if (marker.threadId && !grammar/* THREAD_ID */.r2.test(marker.threadId))
        return undefined;
    if (!QUESTION_REF.test(question))
        return undefined;
    const expected = sign(scope, marker);
    if (signature.length !== expected.length)
        return undefined;
    return (0,external_node_crypto_.timingSafeEqual)(Buffer.from(signature), Buffer.from(expected)) ? marker : undefined;
}

// EXTERNAL MODULE: ./src/ask/route.ts
var route = __webpack_require__(8132);
;// CONCATENATED MODULE: ./src/ask/render.ts
// The answer comment. The answer is model output grounded in pages anyone may have written, so it
// is treated as hostile: its markdown is kept, but nothing in it may notify anyone, run as HTML,
// show an image, or link anywhere but the documentation's own pages.
//
// The rules do not depend on knowing which text is code: a renderer and this module could disagree
// on where a code span or block ends (a fence inside a list item closes with the item), and text
// kept verbatim on such a guess could turn out to be live HTML. So every character that could start
// something live is broken with a zero-width space, which shows as nothing in text and in code:
// `<` (tags, comments, autolinks), `@` (mentions, e-mail links), `#` before a digit (references),
// `&` before an entity, `![` (images), `](` and `]:` (links and link definitions), and the scheme
// or `www.` of a bare address to another host. Only inline links whose target passes the host
// check are written back as links, outside fenced code blocks.



const ZWSP = '\u200b';
/** GitHub refuses comments over 65,536 characters; the answer gets most of what is left. */
const COMMENT_LIMIT = 65_536;
const ANSWER_LIMIT = 48_000;
const MAX_SOURCE_TITLE = 200;
const MAX_URL = 500;
const ANSWER_START = '<!-- answer -->';
const ANSWER_END = '<!-- /answer -->';
function renderAnswerComment(view) {
    const sources = safeSources(view.sources);
    const hosts = new Set(sources.map((source) => new URL(source.url).host.toLowerCase()));
    const answer = neutraliseAnswer(view.answer, hosts);
    const lines = [view.marker, ANSWER_START, answer || '_No answer text yet._', ANSWER_END, ''];
    if (view.state === 'streaming')
        lines.push('_Writing the answer…_', '');
    if (view.state === 'incomplete') {
        lines.push(`> [!WARNING]`, `> This answer is incomplete: ${(0,text_gate/* forMarkdown */.Bm)(view.reason ?? 'the answer stopped early', 300)}`, '');
    }
    if (sources.length > 0) {
        lines.push('**Sources**', '');
        for (const source of sources)
            lines.push(`- [${(0,text_gate/* forMarkdown */.Bm)(source.title || source.url, MAX_SOURCE_TITLE)}](${source.url})`);
        lines.push('');
    }
    lines.push('---', '<sub>Generated from the documentation by its assistant; it can be wrong, so check the sources.</sub>');
    const body = lines.join('\n');
    // The parts above are bounded; this only guards a change that forgets to bound a new one.
    return body.length <= COMMENT_LIMIT ? body : [...body].slice(0, COMMENT_LIMIT - 2).join('');
}
/**
 * The sources whose address passes the source-link grammar (src/text/grammar.ts), each rebuilt from
 * its parts, and no address twice; what does not pass is left out, with its reason. The same list
 * feeds the comment's links and the `sources` output.
 */
function checkSources(sources) {
    const kept = [];
    const refused = [];
    for (const source of sources) {
        const checked = (0,grammar/* checkSourceLink */.Oj)(source.url);
        if (!checked.ok)
            refused.push({ url: source.url, problem: checked.problem });
        else if ((0,text_gate/* holdsSecret */.hK)(checked.value))
            refused.push({ url: '', problem: 'holds a secret of this run (not shown)' });
        else if (!kept.some((seen) => seen.url === checked.value)) {
            kept.push({ url: checked.value, ...(source.title ? { title: source.title } : {}) });
        }
    }
    return { kept, refused };
}
/** The sources that may be shown and handed on (checkSources), in order. */
function safeSources(sources) {
    return checkSources(sources).kept;
}
/**
 * A link target in the answer's text as it may stay a link (to an allowed host, checked by the
 * caller), or undefined unless it is a short http(s) URL free of secrets. Such a link is markdown in
 * a comment, never an output: the characters that could end it early are %-encoded.
 */
function safeUrl(raw) {
    let url;
    try {
        url = new URL(raw);
    }
    catch {
        return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return undefined;
    if (url.username || url.password)
        return undefined;
    const href = url.href.replace(/[()<>"'`\s\\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
    if (href.length > MAX_URL || (0,text_gate/* redact */.E$)(href) !== href)
        return undefined;
    return href;
}
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/**
 * The answer's markdown made inert (see the top of this file), secrets removed, cut below the
 * comment limit, and with a code block the answer left open closed again. The gate's order
 * (src/text/text-gate.ts), with the answer's own steps in their places: what removes text (invisible
 * characters and HTML comments, then links to other hosts, which keep only their text) runs before
 * `redact`, so the pieces of a key it joins are joined before redaction looks; what runs after
 * (cutting, breaking what is live) only adds characters or keeps the first part.
 */
function neutraliseAnswer(text, allowedHosts) {
    const clean = (0,sanitize/* stripInvisible */._0)(text);
    const windowed = clean.slice(0, ANSWER_LIMIT + (0,text_gate/* longestSecret */.nr)());
    const redacted = (0,text_gate/* redact */.E$)(mapProse(windowed, (prose) => unlink(prose, allowedHosts)));
    const cut = clean.length > ANSWER_LIMIT ? `${[...redacted.slice(0, ANSWER_LIMIT)].join('')}\n\n_(answer cut)_` : redacted;
    return escapeAnswer(cut, allowedHosts);
}
/** The text with each run of lines outside fenced code blocks passed through `change`. */
function mapProse(text, change) {
    const out = [];
    let prose = [];
    let open;
    const flush = () => {
        if (prose.length > 0)
            out.push(change(prose.join('\n')));
        prose = [];
    };
    for (const line of text.split('\n')) {
        const fence = FENCE.exec(line);
        if (open === undefined) {
            if (fence && !(fence[1]?.startsWith('`') && fence[2]?.includes('`'))) {
                flush();
                open = fence[1] ?? '```';
                out.push(line);
            }
            else {
                prose.push(line);
            }
            continue;
        }
        if (fence && fence[1]?.[0] === open[0] && (fence[1]?.length ?? 0) >= open.length && !fence[2]?.trim())
            open = undefined;
        out.push(line);
    }
    flush();
    return out.join('\n');
}
/** The last step: everything live broken, fenced code kept readable, and a code block left open closed. */
function escapeAnswer(text, allowedHosts) {
    const out = [];
    let prose = [];
    let open;
    const flush = () => {
        if (prose.length > 0)
            out.push(neutraliseProse(prose.join('\n'), allowedHosts));
        prose = [];
    };
    for (const line of text.split('\n')) {
        const fence = FENCE.exec(line);
        if (open === undefined) {
            if (fence && !(fence[1]?.startsWith('`') && fence[2]?.includes('`'))) {
                flush();
                open = fence[1] ?? '```';
                out.push(`${line.slice(0, line.indexOf(open))}${open}${(fence[2] ?? '').replace(/[^\w+.#-]/g, '')}`);
            }
            else {
                prose.push(line);
            }
            continue;
        }
        if (fence && fence[1]?.[0] === open[0] && (fence[1]?.length ?? 0) >= open.length && !fence[2]?.trim()) {
            out.push(line);
            open = undefined;
            continue;
        }
        out.push(breakLive(line, allowedHosts));
    }
    flush();
    if (open !== undefined)
        out.push(open);
    return out.join('\n').trim();
}
/**
 * An inline link: text without brackets, then an http(s) or other target, with an optional title.
 * Each run of white space is taken whole (a lookahead and a backreference make it atomic): split
 * between two `\s*`, a long run with no `)` after it took seconds to reject.
 */
const LINK = /(?<bang>!?)\[(?<label>[^[\]]*)\]\((?=(?<s1>\s*))\k<s1><?(?<target>[^\s()<>]*)>?(?=(?<s2>\s*))\k<s2>(?:(?:"[^"]*"|'[^']*')(?=(?<s3>\s*))\k<s3>)?\)/g;
/** The parts of a LINK match. */
function linkParts(match) {
    const { bang = '', label = '', target = '' } = match.groups ?? {};
    return { bang, label, target };
}
/** Whether a link's target is one this comment may link to. */
function allowedLink(target, allowedHosts) {
    const url = safeUrl(target);
    return url && allowedHosts.has(new URL(url).host.toLowerCase()) ? url : undefined;
}
/**
 * Before redaction: links to allowed hosts are written back plainly (`[text](address)`, the title
 * dropped), any other link becomes its text, and an image a link to its address, which then passes
 * the same host check. Nothing is broken yet.
 */
function unlink(text, allowedHosts) {
    let out = '';
    let at = 0;
    for (const match of text.matchAll(LINK)) {
        const { bang, label, target } = linkParts(match);
        const url = allowedLink(target, allowedHosts);
        const prefix = bang ? 'image: ' : '';
        const shown = label || target;
        out += text.slice(at, match.index) + (url ? `[${prefix}${shown}](${url})` : `${prefix}${shown}`);
        at = match.index + match[0].length;
    }
    return out + text.slice(at);
}
/**
 * After redaction: links to allowed hosts stay links, and everything else is broken where it
 * stands. Nothing is removed here, so nothing that redaction left apart can be joined.
 */
function neutraliseProse(text, allowedHosts) {
    let out = '';
    let at = 0;
    for (const match of text.matchAll(LINK)) {
        const whole = match[0];
        const { bang, label, target } = linkParts(match);
        out += breakLive(text.slice(at, match.index), allowedHosts);
        at = match.index + whole.length;
        const url = bang ? undefined : allowedLink(target, allowedHosts);
        out += url ? `[${breakLive(label, allowedHosts)}](${url})` : breakLive(whole, allowedHosts);
    }
    return out + breakLive(text.slice(at), allowedHosts);
}
/**
 * A bare address GitHub would autolink (cmark-gfm's autolink extension), taken as far as GitHub
 * takes it: to white space or `<`. A scheme (http, https, ftp) counts after anything but a letter
 * (`_https://…_`, `1https://…`); `www.` at the start, after white space or one of `*_~(`
 * (`_www.…_`). Where GitHub would not link, breaking the address as well does no harm.
 */
const BARE_URL = /(?<![A-Za-z])(?:https?|ftp):\/\/[^\s<]*|(?<=^|[\s*_~(])www\.[^\s<]*/gi;
/** Breaks everything that could be live in `text`, whether a renderer reads it as code or not. */
function breakLive(text, allowedHosts) {
    return text
        .replace(BARE_URL, (address) => isAllowed(address, allowedHosts) ? address : address.replace(/^((?:https?|ftp):|www)/i, `$1${ZWSP}`))
        .replace(/</g, `<${ZWSP}`)
        .replace(/@(?=[\w-])/g, `@${ZWSP}`)
        .replace(/#(?=\d)/g, `#${ZWSP}`)
        .replace(/&(?=[#A-Za-z])/g, `&${ZWSP}`)
        .replace(/!\[/g, `!${ZWSP}[`)
        .replace(/\](?=[(:])/g, `]${ZWSP}`);
}
function isAllowed(address, allowedHosts) {
    try {
        const url = new URL(/^www\./i.test(address) ? `https://${address}` : address);
        return allowedHosts.has(url.host.toLowerCase()) && !url.username && !url.password;
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/ask/comment.ts
// The answer comment on the issue, and the conversation the issue already had with the assistant.




/** Turns sent again when continuing; the service keeps the thread, these only give it context. */
const MAX_TURNS = 3;
const MAX_TURN_CHARS = 4_000;
/**
 * The latest conversation on the issue: the thread id of the newest answer comment this action
 * signed, and the questions and answers of that thread. Undefined when there is none.
 */
async function findThread(octokit, target, scope, phrase) {
    const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        owner: target.owner,
        repo: target.repo,
        issue_number: target.issueNumber,
        per_page: 100,
    });
    const answers = comments.flatMap((comment) => {
        // The assistant key signs markers and it is public: only a bot (this action's token) could
        // have written a comment worth believing, whoever else holds the key.
        const marker = comment.user?.type === 'Bot' ? parseAskMarker(comment.body ?? '', scope) : undefined;
        return marker?.threadId ? [{ marker, body: comment.body ?? '' }] : [];
    });
    const latest = answers.at(-1);
    if (!latest)
        return undefined;
    const threadId = latest.marker.threadId;
    const messages = [];
    for (const [index, answer] of answers
        .filter((a) => a.marker.threadId === threadId)
        .slice(-MAX_TURNS)
        .entries()) {
        const asked = answer.marker.question.startsWith('c')
            ? comments.find((comment) => `c${comment.id}` === answer.marker.question)?.body
            : undefined;
        const question = asked ? (0,route/* askIn */.D3)(asked, phrase)?.question : undefined;
        if (question)
            messages.push(comment_text(`q${index}`, 'user', question));
        const said = answerIn(answer.body);
        if (said)
            messages.push(comment_text(`a${index}`, 'assistant', said));
    }
    return { threadId, messages };
}
function comment_text(id, role, body) {
    return { id, role, parts: [{ type: 'text', text: body.slice(0, MAX_TURN_CHARS) }] };
}
/** The answer part of one of our comments, as it was shown (already made inert). */
function answerIn(body) {
    const start = body.indexOf(`${ANSWER_START}\n`);
    const end = body.lastIndexOf(`\n${ANSWER_END}`);
    if (start === -1 || end <= start)
        return undefined;
    return (body
        .slice(start + ANSWER_START.length + 1, end)
        .replace(/\u200b/g, '')
        .trim() || undefined);
}
/**
 * One comment per question, written when the answer starts and edited as it streams, at most
 * every `intervalMs`, then once more at the end. A failed write is a warning, never a failure:
 * the outputs still carry the answer.
 */
class AnswerComment {
    #octokit;
    #target;
    #log;
    #intervalMs;
    #now;
    #id;
    #lastWrite = -Infinity;
    #written = '';
    #pending = Promise.resolve();
    /** When a create failed: GitHub may have saved the comment all the same (a cancel, a timeout). */
    #createFailedSince;
    constructor(octokit, target, log, options) {
        this.#octokit = octokit;
        this.#target = target;
        this.#log = log;
        this.#intervalMs = options.intervalMs;
        this.#now = options.now;
    }
    get id() {
        return this.#id;
    }
    /**
     * Writes the body unless the last write was less than the interval ago. The body is rendered only
     * then: an answer arrives in thousands of small pieces.
     */
    update(render) {
        if (this.#now() - this.#lastWrite < this.#intervalMs)
            return;
        this.#lastWrite = this.#now();
        const body = render();
        this.#pending = this.#pending.then(() => this.#write(body));
    }
    /** Writes `body` whatever the interval, after any write under way. */
    async finish(body) {
        this.#pending = this.#pending.then(() => this.#write(body));
        await this.#pending;
    }
    async #write(body) {
        if (body === this.#written)
            return;
        const { owner, repo, issueNumber } = this.#target;
        try {
            // A create that failed may have reached GitHub: the comment it made is found again by its
            // marker before another is created, so one question never gets two answers.
            if (this.#id === undefined && this.#createFailedSince !== undefined)
                this.#id = await this.#findOwn(body);
            if (this.#id === undefined) {
                // GitHub's clock is not ours: a margin, so that a comment it kept is never before `since`.
                const since = new Date(this.#now() - 5 * 60_000).toISOString();
                try {
                    const { data } = await this.#octokit.rest.issues.createComment({
                        owner,
                        repo,
                        issue_number: issueNumber,
                        body,
                    });
                    this.#id = data.id;
                }
                catch (error) {
                    this.#createFailedSince ??= since;
                    throw error;
                }
            }
            else {
                await this.#octokit.rest.issues.updateComment({ owner, repo, comment_id: this.#id, body });
            }
            this.#written = body;
        }
        catch (error) {
            this.#log.warning(`Could not write the answer on #${issueNumber}: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
    }
    /** The bot comment for this question written since the failed create, if GitHub kept one. */
    async #findOwn(body) {
        const question = questionOf(body);
        if (question === undefined)
            return undefined;
        const { owner, repo, issueNumber } = this.#target;
        // One page: only comments since the failed create, of which this run writes one.
        const { data } = await this.#octokit.rest.issues.listComments({
            owner,
            repo,
            issue_number: issueNumber,
            since: this.#createFailedSince,
            per_page: 100,
        });
        return data.find((comment) => comment.user?.type === 'Bot' && questionOf(comment.body ?? '') === question)?.id;
    }
}
/** The question a body's ask marker names (`q=…` on its first line). */
function questionOf(body) {
    const first = body.split('\n', 1)[0] ?? '';
    return first.startsWith(ASK_MARKER_PREFIX) ? /\sq=(\S+)/.exec(first)?.[1] : undefined;
}

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 17 modules
var core = __webpack_require__(7170);
// EXTERNAL MODULE: ./src/step/inputs.ts + 1 modules
var inputs = __webpack_require__(5564);
;// CONCATENATED MODULE: ./src/ask/inputs.ts
// The inputs of ask mode beyond those of src/ask/route.ts, read once and checked before any
// request. Ask mode needs neither project-id nor the admin key, so it has its own settings.





/** The service's recommended number of search results behind an answer. */
const DEFAULT_PAGE_SIZE = 5;
const MAX_PAGE_SIZE = 50;
/** The ask settings, or every input error at once (with `problems`, those of the routing inputs). */
function readAskSettings(routing, problems = []) {
    const read = collectAskSettings(routing, problems);
    read.problems.throwIfAny();
    return read.settings;
}
/**
 * The ask settings with every input error kept, not thrown: answerQuestion throws them once the
 * run has a question and the asker passed the permission check, so that an event the workflow is
 * not set up for, or someone who may not ask, never causes or learns about an input error. Until
 * then a wrong input is read as the safest value (`ask-permission`: admin) or its default.
 * `problems`: input errors found before (the routing inputs), named with these.
 */
function collectAskSettings(routing, problems = []) {
    const assistantKey = core.getInput(constants/* Input */.pd.AssistantKey);
    const githubToken = core.getInput(constants/* Input */.pd.GitHubToken);
    // Masked although public: a key in a log invites its reuse, and the admin key may be here by mistake.
    for (const secret of [assistantKey, githubToken]) {
        if (secret) {
            core.setSecret(secret);
            (0,text_gate/* registerSecret */.cl)(secret);
        }
    }
    const found = new inputs/* InputProblems */.Nh(problems);
    const check = found.check;
    const settings = {
        ...routing,
        prompt: core.getInput(constants/* Input */.pd.Prompt),
        domain: check(readDomain, ''),
        assistantKey: check(() => checkAssistantKey(assistantKey), ''),
        baseUrl: check(inputs/* readBaseUrl */.$P, ''),
        githubToken,
        timeoutMs: check(inputs/* readTimeoutMinutes */.jZ, inputs/* DEFAULT_TIMEOUT_MINUTES */.EV) * 60_000,
        askPermission: check(readAskPermission, 'admin'),
        allowedBots: (0,inputs/* readAllowedBots */.r$)(),
        issueNumber: check(inputs/* readIssueNumber */.tW, undefined),
        retrievalPageSize: check(readPageSize, DEFAULT_PAGE_SIZE),
    };
    return { settings, problems: found };
}
function readDomain() {
    const domain = core.getInput(constants/* Input */.pd.Domain);
    if (!domain) {
        throw new errors/* ConfigError */.xL(`Input '${constants/* Input */.pd.Domain}' is required in ask mode: your documentation site's identifier, ` +
            `the last segment of your dashboard's address.`);
    }
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/.test(domain)) {
        throw new errors/* ConfigError */.xL(`Invalid '${constants/* Input */.pd.Domain}' '${domain.slice(0, 100)}': a site identifier has only letters, digits, '-', '_' and '.'.`);
    }
    return domain;
}
/** The key is never quoted: a message may end up in a public log. */
function checkAssistantKey(key) {
    const example = `"${constants/* Input */.pd.AssistantKey}: \${{ vars.DOCS_ASSISTANT_KEY }}"`;
    if (!key) {
        throw new errors/* ConfigError */.xL(`Input '${constants/* Input */.pd.AssistantKey}' is required in ask mode: the assistant key (it starts with ` +
            `'${constants/* ASSISTANT_KEY_PREFIX */.o9}'), for example ${example}.`);
    }
    // The admin key would work nowhere here and is a secret: it must not travel to the chat endpoint.
    if (key.startsWith(constants/* ADMIN_KEY_PREFIX */.bh) && !key.startsWith(constants/* ASSISTANT_KEY_PREFIX */.o9)) {
        throw new errors/* ConfigError */.xL(`Input '${constants/* Input */.pd.AssistantKey}' holds the admin key (it starts with '${constants/* ADMIN_KEY_PREFIX */.bh}'), which is ` +
            `secret and not needed to ask questions. Use the assistant key, which starts with ` +
            `'${constants/* ASSISTANT_KEY_PREFIX */.o9}', and rotate the admin key if it was exposed.`);
    }
    if (!/^[\x21-\x7e]+$/.test(key)) {
        throw new errors/* ConfigError */.xL(`Input '${constants/* Input */.pd.AssistantKey}' holds spaces or characters a key never has: copy the assistant key again.`);
    }
    if (!key.startsWith(constants/* ASSISTANT_KEY_PREFIX */.o9)) {
        throw new errors/* ConfigError */.xL(`Input '${constants/* Input */.pd.AssistantKey}' is not an assistant key: assistant keys start with '${constants/* ASSISTANT_KEY_PREFIX */.o9}'.`);
    }
    return key;
}
function readAskPermission() {
    const raw = (core.getInput(constants/* Input */.pd.AskPermission) || 'read').toLowerCase();
    if (!constants/* PERMISSION_LEVELS */.eO.includes(raw)) {
        throw new errors/* ConfigError */.xL(`Invalid '${constants/* Input */.pd.AskPermission}' '${raw}': expected one of ${constants/* PERMISSION_LEVELS */.eO.join(', ')}.`);
    }
    return raw;
}
function readPageSize() {
    const raw = core.getInput(constants/* Input */.pd.RetrievalPageSize);
    if (!raw)
        return DEFAULT_PAGE_SIZE;
    const size = Number(raw);
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
        throw new errors/* ConfigError */.xL(`Invalid '${constants/* Input */.pd.RetrievalPageSize}' '${raw}': expected a whole number from 1 to ${MAX_PAGE_SIZE} (5 is recommended).`);
    }
    return size;
}

// EXTERNAL MODULE: ./node_modules/@ai-sdk/provider-utils/dist/index.mjs + 9 modules
var dist = __webpack_require__(9920);
// EXTERNAL MODULE: ./node_modules/ai/dist/index.mjs + 4 modules
var ai_dist = __webpack_require__(7006);
;// CONCATENATED MODULE: ./src/service/assistant-stream.ts
// Reads the assistant's answer stream with the `ai` package's own parser and chunk schema, and
// folds the chunks into the answer so far. The package is pinned to a release whose schemas keep
// keys they do not know, so `threadId` on `finish` survives parsing (assistant-api.md).
//
// The stream is outside input of unknown length: reading it is bounded in bytes, in the answer's
// length and in time, and lets the event loop run between chunks, so that the run's cancel and its
// timeout-minutes (timers and signal handlers, which wait for the loop) are heard while it reads.


const READ_LIMITS = { maxText: 70_000, overlap: 0, maxBytes: 16 * 1024 * 1024 };
/** Most sources listed under one answer. */
const MAX_SOURCES = 20;
/** The loop yields to timers and signals after this many chunks, or this long, whichever comes first. */
const YIELD_EVERY_CHUNKS = 64;
const YIELD_EVERY_MS = 20;
/** The text parts in the order they started, joined only when read: an answer arrives in thousands of small pieces. */
class AnswerText {
    #parts = new Map();
    #length = 0;
    #joined = '';
    get length() {
        return this.#length;
    }
    start(id) {
        if (!this.#parts.has(id))
            this.#parts.set(id, '');
    }
    /** Appends to a part, keeping the whole to `room` characters at most. */
    append(id, delta, room) {
        const kept = delta.length > room - this.#length ? delta.slice(0, Math.max(0, room - this.#length)) : delta;
        this.#parts.set(id, (this.#parts.get(id) ?? '') + kept);
        this.#length += kept.length;
        this.#joined = undefined;
    }
    toString() {
        this.#joined ??= [...this.#parts.values()].filter((text) => text !== '').join('\n\n');
        return this.#joined;
    }
}
/**
 * Reads `body` to its end or to a limit, calling `onUpdate` after each chunk that changed the
 * answer. Never throws for a broken stream: the answer keeps what arrived and says why it stopped.
 */
async function readAnswer(body, onUpdate, limits = READ_LIMITS) {
    const text = new AnswerText();
    const answer = {
        get text() {
            return text.toString();
        },
        sources: [],
        threadId: '',
        finished: false,
    };
    let bytes = 0;
    let overBytes = false;
    const counted = body.pipeThrough(new TransformStream({
        transform(chunk, controller) {
            bytes += chunk.byteLength;
            if (bytes <= limits.maxBytes) {
                controller.enqueue(chunk);
                return;
            }
            overBytes = true;
            controller.terminate();
        },
    }));
    const reader = (0,dist/* parseJsonEventStream */._Z)({ stream: counted, schema: ai_dist/* uiMessageChunkSchema */._E }).getReader();
    const stop = () => void reader.cancel().catch(() => undefined);
    limits.signal?.addEventListener('abort', stop, { once: true });
    let chunks = 0;
    let breathed = performance.now();
    try {
        for (;;) {
            if (limits.signal?.aborted)
                break;
            const { done, value } = await reader.read();
            if (done)
                break;
            // A chunk this release does not know (a newer type) is skipped, as useChat would.
            if (value.success && apply(value.value, value.rawValue, answer, text, limits))
                onUpdate(answer);
            if (answer.finished || answer.stoppedBy)
                break;
            if (++chunks % YIELD_EVERY_CHUNKS === 0 || performance.now() - breathed > YIELD_EVERY_MS) {
                await new Promise((resolve) => setImmediate(resolve));
                breathed = performance.now();
            }
        }
    }
    catch {
        answer.stoppedBy = 'the connection ended before the answer was complete';
    }
    finally {
        limits.signal?.removeEventListener('abort', stop);
        stop();
    }
    if (limits.signal?.aborted && !answer.finished) {
        answer.stoppedBy = limits.stopReason?.() ?? 'the action stopped reading the answer';
    }
    else if (overBytes && !answer.finished && !answer.stoppedBy) {
        answer.stoppedBy = `the answer stream was longer than ${formatBytes(limits.maxBytes)}, so the action stopped reading it`;
    }
    if (!answer.finished && !answer.stoppedBy)
        answer.stoppedBy = 'the answer stream ended before it was complete';
    return answer;
}
function apply(chunk, raw, answer, text, limits) {
    switch (chunk.type) {
        case 'text-start':
            text.start(chunk.id);
            return false;
        case 'text-delta':
            text.append(chunk.id, chunk.delta, limits.maxText + limits.overlap);
            if (text.length > limits.maxText) {
                answer.stoppedBy = `the answer was longer than ${limits.maxText.toLocaleString('en-US')} characters, so it was cut there`;
            }
            return true;
        case 'source-url':
            if (answer.sources.length < MAX_SOURCES && !answer.sources.some((source) => source.url === chunk.url)) {
                answer.sources.push({ url: chunk.url, ...(chunk.title ? { title: chunk.title } : {}) });
                return true;
            }
            return false;
        case 'message-metadata':
            return noteThread(answer, chunk.messageMetadata);
        case 'finish':
            noteThread(answer, raw, chunk.messageMetadata);
            answer.finished = true;
            return true;
        case 'error':
            answer.stoppedBy = `the assistant reported an error: ${chunk.errorText}`;
            return true;
        case 'abort':
            answer.stoppedBy = 'the assistant stopped the answer';
            return true;
        default:
            if (chunk.type.startsWith('data-'))
                return noteThread(answer, chunk.data);
            return false;
    }
}
/** Takes a thread id from the first of `places` that has a usable one. */
function noteThread(answer, ...places) {
    for (const place of places) {
        const id = place?.threadId;
        if (typeof id === 'string' && grammar/* THREAD_ID */.r2.test(id)) {
            answer.threadId = id;
            return true;
        }
    }
    return false;
}
function formatBytes(bytes) {
    return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

// EXTERNAL MODULE: ./src/github/progress-view.ts
var progress_view = __webpack_require__(7848);
// EXTERNAL MODULE: ./src/github/trigger.ts
var trigger = __webpack_require__(7131);
// EXTERNAL MODULE: ./src/text/markdown.ts
var markdown = __webpack_require__(6590);
;// CONCATENATED MODULE: ./src/ask/trigger.ts





/** The question and where it came from, once the run is known to be an ask run. */
function decideAsk(event, routing, options) {
    const { payload } = event;
    if (options.prompt) {
        const requester = trigger/* OWNER_EVENTS */.yy.has(event.name) || isWorkflowRun(event.name) ? undefined : payload.sender;
        if (!isWorkflowRun(event.name) && !trigger/* OWNER_EVENTS */.yy.has(event.name) && !requester) {
            return skip(`the '${event.name}' event names nobody whose permission could be checked`);
        }
        return {
            kind: 'ask',
            question: options.prompt,
            newThread: false,
            ...(requester ? { requester } : {}),
            ...(options.issueNumber ? { issue: { number: options.issueNumber, title: '' } } : {}),
        };
    }
    if (event.name === 'issue_comment') {
        const { comment, issue } = payload;
        if (!comment || !issue)
            return skip('the issue_comment payload has no comment');
        if (payload.action !== 'created') {
            // An answer is written for the question as it was asked; allow-edits is for /docs requests only.
            return skip(payload.action === 'edited'
                ? 'an edited comment asks nothing: a question is answered when its comment is written'
                : `comments that are ${payload.action ?? 'changed'} ask nothing`);
        }
        const body = comment.body ?? '';
        if (body.includes(ASK_MARKER_PREFIX) || body.includes(progress_view/* MARKER_PREFIX */.Km))
            return skip('the comment is one of its own');
        const found = (0,route/* askIn */.D3)(body, routing);
        if (found === undefined) {
            const asks = [routing.triggerPhrase, routing.askWord].filter(Boolean).join(' ');
            return skip(`the comment does not start a line with '${asks}'`);
        }
        const requester = comment.user ?? payload.sender;
        if (!requester)
            return skip('the event names nobody whose permission could be checked');
        const title = issue.title ?? '';
        return {
            kind: 'ask',
            ...found,
            requester,
            issue: { number: issue.number, title },
            commentId: comment.id,
            ...(title ? { contextTitle: title } : {}),
        };
    }
    if (event.name === 'issues' && payload.issue) {
        const { issue } = payload;
        const requester = payload.sender ?? issue.user;
        if (!requester)
            return skip('the event names nobody whose permission could be checked');
        const title = issue.title ?? '';
        const base = { kind: 'ask', newThread: false, requester, issue: { number: issue.number, title } };
        // What of the body renders as nothing (comments, link definitions, invisible characters) is not asked.
        const whole = [title, (0,markdown/* visibleMarkdown */.u6)(issue.body ?? '')].filter((part) => part.trim()).join('\n\n');
        if (payload.action === 'labeled') {
            return (0,route/* isAskLabel */._M)(payload.label?.name, routing)
                ? { ...base, question: whole }
                : skip('the label is not the ask-label');
        }
        if (payload.action === 'opened') {
            const found = (0,route/* askIn */.D3)(issue.body ?? '', routing);
            if (found)
                return { ...base, question: found.question };
            if (issue.labels?.some((label) => (0,route/* isAskLabel */._M)(label.name, routing)))
                return { ...base, question: whole };
        }
        return skip('the issue neither asks a question nor has the ask-label');
    }
    return skip(`ask mode has no question for '${event.name || 'unknown'}' events without a prompt`);
}
function isWorkflowRun(name) {
    return name === 'workflow_dispatch' || name === 'schedule' || name === '';
}
function skip(reason) {
    return { kind: 'skip', reason };
}

;// CONCATENATED MODULE: ./src/ask/run.ts
// Ask mode: answers a question from the documentation with the service's assistant. main.ts loads
// this module (and with it the `ai` package) with a dynamic import, only for runs that ask.
















/** A question longer than this is cut: the assistant answers questions, not documents. */
const MAX_QUESTION = 8_000;
/** The production entry, called by main.ts: reads the inputs, answers, and writes the outputs. */
async function runAsk(routing, event, step, problems = []) {
    const { runner, record } = step;
    let result;
    try {
        const read = collectAskSettings(routing, problems);
        const { settings } = read;
        result = await answerQuestion(settings, event, productionDependencies(settings, step), read.problems);
    }
    catch (error) {
        // Ask mode's statuses are answered, failed and skipped, whatever went wrong (an input too).
        record.writeOutputs({ status: constants/* FAILED_STATUS */.PO });
        runner.setFailed((0,errors/* errorMessage */.gJ)(error));
        return;
    }
    const { answer } = result;
    record.writeOutputs({
        status: result.status,
        // The output keeps the answer's lines: it travels in the runner's output file, never in the log.
        answer: (0,text_gate/* forText */.zA)(answer?.text ?? '', READ_LIMITS.maxText),
        // Fixed forms, checked where they entered (the stream, answerQuestion): used as they are.
        threadId: answer?.threadId ?? '',
        sources: JSON.stringify((answer?.sources ?? []).map((source) => source.url)),
    });
    if (result.status === constants/* FAILED_STATUS */.PO)
        runner.setFailed(result.message);
    else
        runner.log.notice(result.message);
}
function productionDependencies(settings, step) {
    const { runner, timings, signal } = step;
    return {
        client: new AskClient({
            baseUrl: settings.baseUrl,
            domain: settings.domain,
            assistantKey: settings.assistantKey,
            userAgent: constants/* USER_AGENT */._O,
            requestTimeoutMs: timings.ask.requestMs,
        }),
        clock: clock/* systemClock */.m,
        log: runner.log,
        octokit: (0,deps/* lazyOctokit */.K)(settings.githubToken, settings.timeoutMs, step),
        signal,
        runId: process.env.GITHUB_RUN_ID ?? '',
        timings: timings.ask,
    };
}
/**
 * Decides whether there is a question, checks who asked, and streams the answer to the issue.
 * `problems`: the input errors collectAskSettings found, thrown only once there is a question and
 * the asker passed the permission check.
 */
async function answerQuestion(settings, event, deps, problems) {
    const trigger = decideAsk(event, settings, settings);
    const question = trigger.kind === 'ask' ? (0,sanitize/* cleanText */.X5)(trigger.question).slice(0, MAX_QUESTION) : '';
    if (trigger.kind === 'skip' || !question) {
        if (problems?.messages.length) {
            deps.log.debug(`Not judged, as this run has nothing to answer: ${problems.messages.join(' ')}`);
        }
        const reason = trigger.kind === 'skip' ? trigger.reason : 'the question is empty';
        return { status: constants/* SKIPPED_STATUS */.ml, message: `Nothing to answer: ${reason}.` };
    }
    const needsGitHub = trigger.issue !== undefined || trigger.requester !== undefined;
    if (needsGitHub && !settings.githubToken) {
        throw new errors/* ConfigError */.xL("Input 'github-token' is empty, but this event needs it to check who asked and to answer on the issue. " +
            'Remove the input to use the default ${{ github.token }}.');
    }
    const octokit = needsGitHub ? await deps.octokit() : undefined;
    if (octokit && trigger.requester) {
        const everyone = settings.askPermission === 'none' && isPublic(event) && !(0,permissions/* isBot */.w)(trigger.requester);
        if (!everyone) {
            const level = settings.askPermission === 'none' ? 'read' : settings.askPermission;
            const verdict = await (0,permissions/* checkPermission */.Y)(octokit, event.repository, trigger.requester, {
                requiredPermission: level,
                allowedBots: settings.allowedBots,
            });
            if (!verdict.allowed) {
                const why = (0,permissions/* isBot */.w)(trigger.requester)
                    ? 'questions from bots are only taken from those listed in allowed-bots'
                    : `only people with ${level} access to this repository can ask questions`;
                return { status: constants/* SKIPPED_STATUS */.ml, message: `Not answered for ${(0,text_gate/* forLog */.Ig)(trigger.requester.login, 60)}: ${why}.` };
            }
        }
    }
    // Who may ask is settled: now the inputs of ask mode are judged, every error at once.
    problems?.throwIfAny();
    const repository = `${event.repository.owner}/${event.repository.repo}`;
    const target = trigger.issue && { ...event.repository, issueNumber: trigger.issue.number };
    const scope = target && {
        key: settings.assistantKey,
        repository,
        issueNumber: target.issueNumber,
    };
    const earlier = octokit && target && scope && !trigger.newThread
        ? await findThread(octokit, target, scope, settings).catch((error) => {
            deps.log.warning(`Could not read the issue's earlier answers, so this starts a new conversation: ${(0,errors/* errorMessage */.gJ)(error)}`);
            return undefined;
        })
        : undefined;
    const body = {
        fp: fingerprint(repository, trigger.requester),
        messages: [
            ...(earlier?.messages ?? []),
            { id: 'question', role: 'user', parts: [{ type: 'text', text: question }] },
        ],
        ...(earlier ? { threadId: earlier.threadId } : {}),
        retrievalPageSize: settings.retrievalPageSize,
        ...(trigger.contextTitle ? { context: [{ type: 'textSelection', value: (0,sanitize/* cleanText */.X5)(trigger.contextTitle) }] } : {}),
    };
    deps.log.info(`Asking the assistant (${earlier ? `continuing thread ${earlier.threadId}` : 'a new conversation'}): ${(0,text_gate/* forLog */.Ig)(question, 200)}`);
    const comment = octokit && target
        ? new AnswerComment(octokit, target, deps.log, {
            intervalMs: deps.timings.editEveryMs,
            now: deps.clock.now,
        })
        : undefined;
    const questionRef = trigger.commentId
        ? `c${trigger.commentId}`
        : trigger.issue && !settings.prompt
            ? 'i'
            : `r${deps.runId.replace(/\D/g, '')}`;
    const render = (answer, state) => renderAnswerComment({
        marker: scope
            ? renderAskMarker({ threadId: answer.threadId || earlier?.threadId || '', question: questionRef }, scope)
            : '',
        answer: answer.text,
        sources: answer.sources,
        state,
        ...(answer.stoppedBy ? { reason: answer.stoppedBy } : {}),
    });
    const deadline = deps.clock.now() + settings.timeoutMs;
    const stop = AbortSignal.any([deps.signal, AbortSignal.timeout(Math.max(1, settings.timeoutMs))]);
    let stream;
    try {
        stream = await openWithRetry(deps, body, stop, deadline);
    }
    catch (error) {
        const message = (0,errors/* errorMessage */.gJ)(error);
        if (comment) {
            await comment.finish(render({ text: '', sources: [], threadId: '', finished: false, stoppedBy: publicReason(error) }, 'incomplete'));
        }
        return { status: constants/* FAILED_STATUS */.PO, message: `No answer: ${message}` };
    }
    const answer = await readAnswer(stream, (sofar) => comment?.update(() => render(sofar, 'streaming')), {
        ...READ_LIMITS,
        overlap: (0,text_gate/* longestSecret */.nr)(),
        signal: stop,
        stopReason: () => deps.signal.aborted
            ? 'the run was cancelled while the answer was being written'
            : `no complete answer within 'timeout-minutes' (${(0,format/* formatSeconds */.X)(settings.timeoutMs)})`,
    });
    if (!answer.threadId && earlier)
        answer.threadId = earlier.threadId;
    // The sources as they go on, to the comment and the `sources` output: each rebuilt by its grammar.
    const { kept, refused } = checkSources(answer.sources);
    for (const source of refused) {
        const shown = source.url ? `: ${(0,text_gate/* forLog */.Ig)(source.url, 120)}` : '.';
        deps.log.warning(`A source link of the answer ${source.problem}, so it is not listed${shown}`);
    }
    answer.sources = kept;
    const complete = answer.finished && !answer.stoppedBy;
    await comment?.finish(render(answer, complete ? 'complete' : 'incomplete'));
    const where = comment?.id ? ` on #${target?.issueNumber}` : '';
    if (complete) {
        return {
            status: constants/* ANSWERED_STATUS */.BU,
            message: `Answered${where} from ${answer.sources.length} source${answer.sources.length === 1 ? '' : 's'}.`,
            answer,
        };
    }
    return {
        status: constants/* FAILED_STATUS */.PO,
        message: `The answer${where} is incomplete: ${(0,text_gate/* forLog */.Ig)(answer.stoppedBy ?? 'it stopped early', 300)}.`,
        answer,
    };
}
/** Opens the answer stream; a 429 or a refused connection is tried again while time remains. */
async function openWithRetry(deps, body, signal, deadline) {
    const { firstBackoffMs, maxBackoffMs } = deps.timings;
    let backoff = firstBackoffMs;
    for (let attempt = 1;; attempt++) {
        try {
            return await deps.client.open(body, signal);
        }
        catch (error) {
            const retryable = error instanceof errors/* ServiceError */._7 &&
                (error.status === 429 || error.failure === 'unreachable') &&
                !deps.signal.aborted;
            if (!retryable)
                throw error;
            // Retry-After is the service's own word and is honoured as given, beyond our backoff.
            const waitMs = Math.max(error.retryAfterMs ?? 0, backoff);
            backoff = Math.min(backoff * 2, maxBackoffMs);
            if (deps.clock.now() + waitMs >= deadline) {
                throw new errors/* ServiceError */._7(`${error.message}; gave up after ${attempt} attempt${attempt === 1 ? '' : 's'} within 'timeout-minutes'`, error.failure, { status: error.status, publicMessage: error.publicMessage });
            }
            deps.log.info(`${error.message}; trying again in ${(0,format/* formatSeconds */.X)(waitMs)}.`);
            await deps.clock.sleep(waitMs, signal);
            if (signal.aborted)
                throw error;
        }
    }
}
/** A stable id of the asker that does not reveal who it is: the assistant groups conversations by it. */
function fingerprint(repository, requester) {
    if (!requester)
        return 'anonymous';
    // Webhook payloads carry the user's numeric id, which survives a renamed login.
    const id = requester.id;
    const who = typeof id === 'number' ? `id:${id}` : `login:${requester.login.toLowerCase()}`;
    return (0,external_node_crypto_.createHash)('sha256')
        .update(`docs-agent-action\n${repository.toLowerCase()}\n${who}`)
        .digest('hex')
        .slice(0, 32);
}
function isPublic(event) {
    return event.payload.repository?.private === false;
}
function publicReason(error) {
    return error instanceof errors/* ServiceError */._7 && error.publicMessage !== undefined
        ? error.publicMessage
        : 'the assistant could not be reached';
}


/***/ })

};
;