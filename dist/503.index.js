exports.id = 503;
exports.ids = [503];
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

/***/ 6683:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

"use strict";

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runAsk: () => (/* binding */ runAsk)
});

// UNUSED EXPORTS: answerQuestion

// EXTERNAL MODULE: ./src/base/constants.ts
var constants = __webpack_require__(7212);
// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(4758);
// EXTERNAL MODULE: ./src/step/deps.ts
var deps = __webpack_require__(7502);
// EXTERNAL MODULE: ./src/step/inputs.ts + 2 modules
var inputs = __webpack_require__(9063);
// EXTERNAL MODULE: ./src/base/clock.ts
var clock = __webpack_require__(4031);
// EXTERNAL MODULE: ./src/base/format.ts
var format = __webpack_require__(8378);
// EXTERNAL MODULE: ./src/github/permissions.ts
var permissions = __webpack_require__(5435);
// EXTERNAL MODULE: ./src/text/sanitize.ts
var sanitize = __webpack_require__(4212);
// EXTERNAL MODULE: ./src/text/grammar.ts
var grammar = __webpack_require__(9018);
// EXTERNAL MODULE: ./src/text/text-gate.ts
var text_gate = __webpack_require__(6882);
// EXTERNAL MODULE: ./src/text/secrets.ts
var secrets = __webpack_require__(9690);
// EXTERNAL MODULE: ./src/base/retry-after.ts
var retry_after = __webpack_require__(5160);
// EXTERNAL MODULE: ./src/service/failure.ts
var failure = __webpack_require__(8817);
;// CONCATENATED MODULE: ./src/service/assistant.ts
// The assistant endpoint: sends a question and hands back the answer's body as a stream of bytes,
// which the `ai` package reads (assistant-stream.ts): no hand-written event-stream parsing. The
// request goes through the one transport (transport.ts) with its proxy, timeout, cancel and caps;
// its failures are worded by failure.ts, and only what names ask mode's own inputs is said here.







/**
 * The service does not know (any more) the thread a follow-up named: never "this site is unknown".
 * The caller starts a new thread carrying the conversation.
 */
class ThreadNotFoundError extends errors/* ServiceError */._7 {
    name = 'ThreadNotFoundError';
}
class AskClient {
    #options;
    constructor(options) {
        this.#options = options;
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
        const { assistantKey, transport, requestTimeoutMs, debug, now } = this.#options;
        const where = `POST ${new URL(this.url).pathname}`;
        const started = now();
        const response = await transport
            .open({
            method: 'POST',
            url: this.url,
            headers: {
                Authorization: `Bearer ${assistantKey}`,
                'Content-Type': 'application/json',
                Accept: 'text/event-stream',
            },
            body: JSON.stringify(body),
            timeoutMs: requestTimeoutMs,
            signal,
            publicName: 'the assistant',
        })
            .catch((error) => {
            debug(`${where} failed after ${now() - started} ms`);
            throw error;
        });
        debug(`${where} -> ${response.status} in ${now() - started} ms`);
        // The transport hands a body over unread only for a 2xx answer.
        if (response.stream === undefined) {
            if (response.status === 404 && body.threadId !== undefined)
                throw threadNotFound(where, response);
            throw httpError(where, response, now());
        }
        const type = response.headers['content-type'];
        if (!/^text\/event-stream\b/i.test(type ?? '')) {
            void response.stream.cancel().catch(() => undefined);
            throw notAStream(where, response.status, type);
        }
        return { stream: response.stream, ...threadHeaders(response.headers) };
    }
}
/** The thread the answer belongs to, from its headers; the key is made a secret before anything else sees it. */
function threadHeaders(headers) {
    const one = (name) => {
        const value = headers[name];
        return typeof value === 'string' ? value.trim() : undefined;
    };
    const threadKey = one('x-thread-key');
    if (threadKey)
        (0,secrets/* registerSecret */.cl)(threadKey);
    const threadId = one('x-thread-id');
    return {
        ...(threadId && grammar/* THREAD_ID */.r2.test(threadId) ? { threadId } : {}),
        // A key longer than any real one is not kept: it is sent back in every later body.
        ...(threadKey && threadKey.length <= MAX_THREAD_KEY && /^[\x21-\x7e]+$/.test(threadKey) ? { threadKey } : {}),
    };
}
/** Longest thread key kept. */
const MAX_THREAD_KEY = 512;
function threadNotFound(where, response) {
    const detail = (0,failure/* errorDetail */.m2)(response);
    return new ThreadNotFoundError(`${where} answered HTTP 404${detail ? `: ${detail}` : ''} for the thread of an earlier question`, 'http', { status: 404, publicMessage: 'The assistant no longer knows the earlier conversation.' });
}
function notAStream(where, status, type) {
    return new errors/* ServiceError */._7(`${where} answered with ${describeType(type ?? '')} instead of an event stream: is '${constants/* Input */.pd.BaseUrl}' the service's address?`, 'malformed', { status, publicMessage: 'The assistant answered with something other than an answer stream.' });
}
function httpError(where, response, now) {
    const { status } = response;
    const detail = (0,failure/* errorDetail */.m2)(response);
    const said = detail ? `: ${detail}` : '';
    if (status === 401 || status === 403) {
        return new errors/* ServiceError */._7(`The assistant refused '${constants/* Input */.pd.AssistantKey}' (HTTP ${status}${said}): use the assistant key ` +
            `(svc_dsc_) of the documentation site named in '${constants/* Input */.pd.Domain}'.`, 'http', { status, publicMessage: `The assistant refused the action's key (HTTP ${status}).` });
    }
    if (status === 404) {
        return new errors/* ServiceError */._7(`${where} answered HTTP 404${said}: check '${constants/* Input */.pd.Domain}' (your documentation site's identifier) and '${constants/* Input */.pd.BaseUrl}'.`, 'http', { status, publicMessage: 'The assistant does not know this documentation site (HTTP 404).' });
    }
    return new errors/* ServiceError */._7(`${where} answered HTTP ${status}${said}`, 'http', {
        status,
        retryAfterMs: (0,retry_after/* parseRetryAfter */.m)(response.headers['retry-after'], now),
        publicMessage: `The assistant answered HTTP ${status}.`,
    });
}
function describeType(type) {
    if (!type)
        return 'a body of no declared type';
    if (/html/i.test(type))
        return 'an HTML page';
    return `'${(0,text_gate/* forLog */.Ig)(type, 60)}'`;
}

// EXTERNAL MODULE: ./src/service/transport.ts + 2 modules
var transport = __webpack_require__(1806);
// EXTERNAL MODULE: external "./crypto.cjs"
var external_crypto_cjs_ = __webpack_require__(9553);
;// CONCATENATED MODULE: ./src/service/assistant-history.ts
/** Earlier turns (a question and its answer) sent again. */
const MAX_TURNS = 5;
/** Characters kept of one earlier question or answer. */
const MAX_TURN_CHARS = 4_000;
/** Characters of all earlier turns together: beyond it the oldest turns are left out. */
const MAX_HISTORY_CHARS = 16_000;
/** A message of the conversation, its text cut to MAX_TURN_CHARS. */
function textMessage(id, role, text) {
    return { id, role, parts: [{ type: 'text', text: text.slice(0, MAX_TURN_CHARS) }] };
}
/**
 * The newest MAX_TURNS turns that fit in MAX_HISTORY_CHARS together, oldest first, as one list of
 * messages. A turn is the messages of one question: its question, its answer, or both.
 */
function boundHistory(turns) {
    const size = (turn) => turn.reduce((sum, message) => sum + message.parts.reduce((n, part) => n + part.text.length, 0), 0);
    const kept = [];
    let total = 0;
    for (const turn of [...turns].reverse()) {
        const cut = turn.map((message) => textMessage(message.id, message.role, message.parts[0]?.text ?? ''));
        if (kept.length >= MAX_TURNS || total + size(cut) > MAX_HISTORY_CHARS)
            break;
        kept.unshift(cut);
        total += size(cut);
    }
    return kept.flat();
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
/** Stands for the answer while none has arrived (ask/comment.ts reads it back as no answer). */
const NO_ANSWER_TEXT = '_No answer text yet._';
function renderAnswerComment(view) {
    const sources = checkSources(view.sources).kept;
    const hosts = new Set(sources.flatMap((source) => (source.url ? [new URL(source.url).host.toLowerCase()] : [])));
    const answer = neutraliseAnswer(view.answer, hosts);
    const lines = [view.marker, ANSWER_START, answer || NO_ANSWER_TEXT, ANSWER_END, ''];
    if (view.state === 'streaming')
        lines.push('_Writing the answer…_', '');
    if (view.state === 'incomplete') {
        lines.push(`> [!WARNING]`, `> This answer is incomplete: ${(0,text_gate/* forMarkdown */.Bm)(view.reason ?? 'the answer stopped early', 300)}`, '');
    }
    if (sources.length > 0) {
        lines.push('**Sources**', '');
        for (const source of sources)
            lines.push(`- ${sourceLine(source)}`);
        lines.push('');
    }
    lines.push('---', '<sub>Generated from the documentation by its assistant; it can be wrong, so check the sources.</sub>');
    const body = lines.join('\n');
    // The parts above are bounded; this only guards a change that forgets to bound a new one.
    return body.length <= COMMENT_LIMIT ? body : [...body].slice(0, COMMENT_LIMIT - 2).join('');
}
/** A page as a link to it; a document (no address) as its title and file name, linked nowhere. */
function sourceLine(source) {
    if (source.url)
        return `[${(0,text_gate/* forMarkdown */.Bm)(source.title || source.url, MAX_SOURCE_TITLE)}](${source.url})`;
    const file = source.filename && source.title ? ` (${(0,text_gate/* forMarkdown */.Bm)(source.filename, MAX_SOURCE_TITLE)})` : '';
    return `${(0,text_gate/* forMarkdown */.Bm)(source.title || source.filename || '', MAX_SOURCE_TITLE)}${file}`;
}
/**
 * The sources whose address passes the source-link grammar (src/text/grammar.ts), each rebuilt from
 * its parts, no address twice; what does not pass is left out, with its reason. A document (no
 * address) is kept once per title and file name. Feeds the comment and the `sources` output.
 */
function checkSources(sources) {
    const kept = [];
    const refused = [];
    for (const source of sources) {
        if (source.url === undefined) {
            const same = (seen) => !seen.url && seen.title === source.title && seen.filename === source.filename;
            if ((source.title || source.filename) && !kept.some(same))
                kept.push(source);
            continue;
        }
        const checked = (0,grammar/* checkSourceLink */.Oj)(source.url);
        if (!checked.ok)
            refused.push({ url: source.url, problem: checked.problem });
        else if ((0,secrets/* holdsSecret */.hK)(checked.value))
            refused.push({ url: '', problem: 'holds a secret of this run (not shown)' });
        else if (!kept.some((seen) => seen.url === checked.value)) {
            kept.push({ url: checked.value, ...(source.title ? { title: source.title } : {}) });
        }
    }
    return { kept, refused };
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
    if (href.length > MAX_URL || (0,secrets/* redact */.E$)(href) !== href)
        return undefined;
    return href;
}
// The run of backticks or tildes is taken whole, once (a lookahead never gives back): `{3,}(.*)$
// would retry every shorter run on a line that holds a line break `.` does not read (\r, U+2028).
const FENCE = /^ {0,3}(?=(`{3,}|~{3,}))\1(.*)$/;
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
    const windowed = clean.slice(0, ANSWER_LIMIT + (0,secrets/* longestSecret */.nr)());
    const redacted = (0,secrets/* redact */.E$)(mapFenced(windowed, (prose) => unlink(prose, allowedHosts)).text);
    const cut = clean.length > ANSWER_LIMIT ? `${[...redacted.slice(0, ANSWER_LIMIT)].join('')}\n\n_(answer cut)_` : redacted;
    return escapeAnswer(cut, allowedHosts);
}
/**
 * The text with each run of lines outside fenced code blocks passed through `prose`, the line that
 * opens a block through `opening` and each line inside one through `code`; `open` is the fence of a
 * block the text leaves open.
 */
function mapFenced(text, prose, opening = (line) => line, code = (line) => line) {
    const out = [];
    let lines = [];
    let open;
    const flush = () => {
        if (lines.length > 0)
            out.push(prose(lines.join('\n')));
        lines = [];
    };
    for (const line of text.split('\n')) {
        const fence = FENCE.exec(line);
        if (open === undefined) {
            if (fence && !(fence[1]?.startsWith('`') && fence[2]?.includes('`'))) {
                flush();
                open = fence[1] ?? '```';
                out.push(opening(line, open, fence[2] ?? ''));
            }
            else {
                lines.push(line);
            }
        }
        else if (fence && fence[1]?.[0] === open[0] && (fence[1]?.length ?? 0) >= open.length && !fence[2]?.trim()) {
            out.push(line);
            open = undefined;
        }
        else {
            out.push(code(line));
        }
    }
    flush();
    return { text: out.join('\n'), open };
}
/** The last step: everything live broken, fenced code kept readable, and a code block left open closed. */
function escapeAnswer(text, allowedHosts) {
    const escaped = mapFenced(text, (prose) => neutraliseProse(prose, allowedHosts), (line, open, info) => `${line.slice(0, line.indexOf(open))}${open}${info.replace(/[^\w+.#-]/g, '')}`, (line) => breakLive(line, allowedHosts));
    return (escaped.open === undefined ? escaped.text : `${escaped.text}\n${escaped.open}`).trim();
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
// The conversation the issue already had with the assistant, read back from this action's own
// signed answer comments (the comment itself is written through the issue thread:
// src/github/thread.ts). The service guards each thread with a key that is handed out once, and a
// key kept on GitHub would be public; so no key is kept, and every question starts a new thread
// that carries the conversation so far in `messages`, bounded (docs/ask.md).




/**
 * The conversation the new question continues: this action's signed answers on the issue, back to
 * the newest one whose question started a conversation (`/docs ask new …`), with the questions that
 * asked them, bounded (service/assistant-history.ts). Undefined when there is none.
 */
async function findConversation(thread, phrase, 
/** The question the issue itself asked (opened or labelled), for an answer to it (`q=i`). */
issueQuestion = '') {
    // The assistant key signs markers and it is public: only a bot (this action's token) could
    // have written a comment worth believing, whoever else holds the key (IssueThread.signed).
    const answers = await thread.signed('ask');
    if (answers.length === 0)
        return undefined;
    const comments = await thread.comments();
    const asked = new Map(comments.map((comment) => [`c${comment.id}`, comment.body]));
    const turns = [];
    for (const answer of [...answers].reverse()) {
        const ref = answer.marker.question;
        const said = asked.get(ref);
        const found = said === undefined ? undefined : (0,route/* askIn */.D3)(said, phrase);
        const question = ref === 'i' ? issueQuestion : found?.question;
        turns.unshift({ ref, question: question?.trim() || undefined, answer: answerIn(answer.body) });
        if (found?.newThread)
            break;
    }
    const first = turns[0];
    if (!first)
        return undefined;
    const messages = boundHistory(turns
        .slice(-MAX_TURNS)
        .map((turn) => [
        ...(turn.question ? [message(thread.scope, turn.ref, 'user', turn.question)] : []),
        ...(turn.answer ? [message(thread.scope, turn.ref, 'assistant', turn.answer)] : []),
    ]));
    return { chatId: chatId(thread.scope, first.ref), messages };
}
/**
 * One message of the conversation. Its id is made from where the question was asked, so it is
 * unique across issues and repositories and the same each time the message is sent again.
 */
function message(scope, questionRef, role, text) {
    return textMessage(`msg_${digest(`${scope.repository}#${scope.issueNumber}\n${questionRef}\n${role}`)}`, role, text);
}
/** The chat's id: made from the question that started the conversation. */
function chatId(scope, firstQuestionRef) {
    return `chat_${digest(`${scope.repository}#${scope.issueNumber}\n${firstQuestionRef}`)}`;
}
function digest(text) {
    return (0,external_crypto_cjs_.createHash)('sha256').update(text.toLowerCase()).digest('hex').slice(0, 24);
}
/** The answer part of one of our comments, as it was shown (already made inert). */
function answerIn(body) {
    const start = body.indexOf(`${ANSWER_START}\n`);
    const end = body.lastIndexOf(`\n${ANSWER_END}`);
    if (start === -1 || end <= start)
        return undefined;
    const said = body.slice(start + ANSWER_START.length + 1, end);
    return said === NO_ANSWER_TEXT ? undefined : said.replace(/\u200b/g, '').trim() || undefined;
}

// EXTERNAL MODULE: ./src/ask/trigger.ts
var ask_trigger = __webpack_require__(2461);
// EXTERNAL MODULE: ./src/service/retry.ts
var retry = __webpack_require__(5585);
;// CONCATENATED MODULE: ./src/ask/request.ts
// The call to the assistant: who asks, without saying who (the fingerprint), and opening the
// answer stream while time remains. What the stream then carries is read by service/assistant-stream.ts.



/** Opens the answer stream, repeated as a create is (service/retry.ts) while time remains. */
function openWithRetry(deps, body, signal, deadline) {
    const { firstBackoffMs, maxBackoffMs } = deps.timings;
    return (0,retry/* withRetry */.bD)(() => deps.client.open(body, signal), {
        what: 'Asking the assistant',
        policy: retry/* isSafeToRepeat */.AG,
        retries: retry/* SEND_RETRIES */.iL,
        backoff: { minMs: firstBackoffMs, maxMs: maxBackoffMs },
        deadline,
        deadlineInput: 'timeout-minutes',
        clock: deps.clock,
        log: deps.log,
        signal,
    });
}
/** A stable id of the asker that does not reveal who it is: the assistant groups conversations by it. */
function fingerprint(repository, requester) {
    if (!requester)
        return 'anonymous';
    // Webhook payloads carry the user's numeric id, which survives a renamed login.
    const id = requester.id;
    const who = typeof id === 'number' ? `id:${id}` : `login:${requester.login.toLowerCase()}`;
    return (0,external_crypto_cjs_.createHash)('sha256')
        .update(`docs-agent-action\n${repository.toLowerCase()}\n${who}`)
        .digest('hex')
        .slice(0, 32);
}
function publicReason(error) {
    return error instanceof errors/* ServiceError */._7 && error.publicMessage !== undefined
        ? error.publicMessage
        : 'the assistant could not be reached';
}

// EXTERNAL MODULE: ./src/github/marker.ts
var marker = __webpack_require__(4329);
// EXTERNAL MODULE: ./src/outcome/exit.ts
var exit = __webpack_require__(8738);
;// CONCATENATED MODULE: ./src/outcome/answers.ts


const ANSWERS = {
    answered: {
        status: constants/* ANSWERED_STATUS */.BU,
        ok: true,
        message: ({ where, sources }) => `Answered${where} from ${sources} source${sources === 1 ? '' : 's'}.`,
        exit: exit/* EXIT */.d.done,
    },
    incomplete: {
        status: constants/* FAILED_STATUS */.PO,
        ok: false,
        message: ({ where, reason }) => `The answer${where} is incomplete: ${reason}.`,
        exit: exit/* EXIT */.d.failed,
    },
    unanswered: {
        status: constants/* FAILED_STATUS */.PO,
        ok: false,
        message: ({ reason }) => `No answer: ${reason}`,
        exit: exit/* EXIT */.d.failed,
    },
};

// EXTERNAL MODULE: ./src/github/thread.ts
var github_thread = __webpack_require__(703);
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
/** Results of one tool output looked at, and tool calls whose names are remembered. */
const MAX_TOOL_RESULTS = 50;
const MAX_TOOL_CALLS = 100;
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
            overBytes = bytes > limits.maxBytes;
            if (overBytes)
                controller.terminate();
            else
                controller.enqueue(chunk);
        },
    }));
    const reader = (0,dist/* parseJsonEventStream */._Z)({ stream: counted, schema: ai_dist/* uiMessageChunkSchema */._E }).getReader();
    const stop = () => void reader.cancel().catch(() => undefined);
    limits.signal?.addEventListener('abort', stop, { once: true });
    const state = { text, tools: new Map() };
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
            if (value.success && apply(value.value, value.rawValue, answer, state, limits))
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
function apply(chunk, raw, answer, state, limits) {
    const { text, tools } = state;
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
            return addSource(answer, { url: chunk.url, ...(chunk.title ? { title: chunk.title } : {}) });
        case 'source-document':
            return addSource(answer, { title: chunk.title, ...(chunk.filename ? { filename: chunk.filename } : {}) });
        case 'tool-input-start':
        case 'tool-input-available':
            if (tools.size < MAX_TOOL_CALLS)
                tools.set(chunk.toolCallId, chunk.toolName);
            return false;
        case 'tool-output-available': {
            const name = tools.get(chunk.toolCallId);
            if (name !== undefined && !/search/i.test(name))
                return false;
            let changed = false;
            for (const source of pagesIn(chunk.output))
                changed = addSource(answer, source) || changed;
            return changed;
        }
        case 'start':
        case 'message-metadata':
            return noteThread(answer, chunk.messageMetadata);
        case 'finish': {
            noteThread(answer, raw, chunk.messageMetadata);
            answer.finished = true;
            const cut = CUT_REASONS[chunk.finishReason ?? ''];
            if (cut)
                answer.stoppedBy = cut;
            return true;
        }
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
/** The finish reasons that say the answer is not whole, and how the comment says so. */
const CUT_REASONS = {
    length: 'the assistant stopped at its output limit, so the answer is cut short',
    'content-filter': "the assistant's content filter stopped the answer",
    error: 'the assistant ended the answer with an error',
};
/** Adds a source unless it is there already (the same address, or the same document) or the list is full. */
function addSource(answer, source) {
    if (answer.sources.length >= MAX_SOURCES)
        return false;
    const key = sourceKey(source);
    if (!key || answer.sources.some((known) => sourceKey(known) === key))
        return false;
    answer.sources.push(source);
    return true;
}
function sourceKey(source) {
    if (source.url)
        return `url:${source.url}`;
    return source.title || source.filename ? `doc:${source.title ?? ''}\n${source.filename ?? ''}` : '';
}
/**
 * The pages in a search tool's output. Its shape is not documented: a list of results, or an object
 * holding one (`results`, `pages`, `documents`, `sources`), each with an address (`url`, `href`,
 * `link`) and a title; a result with a title and no address is listed as a document.
 */
function pagesIn(output) {
    const holder = output;
    const list = Array.isArray(output)
        ? output
        : [holder?.results, holder?.pages, holder?.documents, holder?.sources].find(Array.isArray);
    if (!Array.isArray(list))
        return [];
    const found = [];
    for (const item of list.slice(0, MAX_TOOL_RESULTS)) {
        const page = (item ?? {});
        const url = [page.url, page.href, page.link].find((value) => typeof value === 'string' && /^https?:\/\//i.test(value));
        const title = [page.title, page.name].find((value) => typeof value === 'string' && value.trim() !== '');
        const filename = [page.filename, page.path].find((value) => typeof value === 'string' && value.trim() !== '');
        if (typeof url === 'string')
            found.push({ url, ...(typeof title === 'string' ? { title } : {}) });
        else if (typeof title === 'string') {
            found.push({ title, ...(typeof filename === 'string' ? { filename } : {}) });
        }
    }
    return found;
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

;// CONCATENATED MODULE: ./src/ask/run.ts
// Ask mode: answers a question from the documentation with the service's assistant. ask/mode.ts
// loads this module (and with it the `ai` package) with a dynamic import, only for runs that ask.





















/** The production entry (ask/mode.ts): answers what was decided, and writes the outputs. */
async function runAsk(decision, event, step) {
    const { runner, record } = step;
    let result;
    try {
        result =
            decision.kind === 'skip'
                ? skipped(decision, runner.log)
                : await answerQuestion(decision, event, productionDependencies(decision.settings, step));
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
        // Page addresses, and a document's file name: it has no address, and none is made up for it.
        sources: JSON.stringify((0,grammar/* sourceEntries */.cz)(answer?.sources ?? [])),
        // Why an answer is incomplete, on one line (gated where it was built), as the command line's `message`.
        ...(answer?.stoppedBy ? { message: result.message } : {}),
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
            transport: (0,transport/* createTransport */.o)(constants/* USER_AGENT */._O),
            requestTimeoutMs: timings.ask.requestMs,
            debug: (line) => runner.log.debug(line),
            now: () => Date.now(),
        }),
        clock: clock/* systemClock */.m,
        log: runner.log,
        octokit: (0,deps/* lazyOctokit */.K)(settings.githubToken, settings.timeoutMs, step),
        signal,
        runId: process.env.GITHUB_RUN_ID ?? '',
        timings: timings.ask,
    };
}
/** A run ask mode decided has nothing to answer: its input errors are not judged. */
function skipped(decision, log) {
    if (decision.problems.messages.length) {
        log.debug(`Not judged, as this run has nothing to answer: ${decision.problems.messages.join(' ')}`);
    }
    return { status: constants/* SKIPPED_STATUS */.ml, message: decision.notice };
}
/**
 * Checks who asked and streams the answer to the decided question to the issue. The decision's
 * input errors are thrown only once the asker passed the permission check.
 */
async function answerQuestion({ trigger, question, settings, problems }, event, deps) {
    const needsGitHub = trigger.issue !== undefined || trigger.requester !== undefined;
    if (needsGitHub && !settings.githubToken) {
        throw (0,inputs/* missingGitHubToken */.vT)('this event needs it to check who asked and to answer on the issue');
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
    problems.throwIfAny();
    const repository = `${event.repository.owner}/${event.repository.repo}`;
    const target = trigger.issue && { ...event.repository, issueNumber: trigger.issue.number };
    const thread = octokit && target ? new github_thread/* IssueThread */.kb(octokit, target, deps.log, settings.assistantKey) : undefined;
    const earlier = thread && !trigger.newThread
        ? await findConversation(thread, settings, (0,ask_trigger/* issueQuestion */.G)(event, settings)).catch((error) => {
            deps.log.warning(`Could not read the issue's earlier answers, so this starts a new conversation: ${(0,errors/* errorMessage */.gJ)(error)}`);
            return undefined;
        })
        : undefined;
    const questionRef = trigger.commentId
        ? `c${trigger.commentId}`
        : trigger.issue && !settings.prompt
            ? 'i'
            : `r${deps.runId.replace(/\D/g, '')}`;
    const scope = { repository, issueNumber: trigger.issue?.number ?? 0 };
    // No thread id is sent: its key would have to be kept on GitHub, where it is public. Each question
    // starts a new thread that carries the conversation so far (ask/comment.ts).
    const body = {
        id: earlier?.chatId ?? chatId(scope, questionRef),
        trigger: 'submit-message',
        fp: fingerprint(repository, trigger.requester),
        messages: [...(earlier?.messages ?? []), message(scope, questionRef, 'user', question)],
        retrievalPageSize: settings.retrievalPageSize,
        ...(trigger.contextTitle ? { context: [{ type: 'textSelection', value: (0,sanitize/* cleanText */.X5)(trigger.contextTitle) }] } : {}),
    };
    const turns = earlier?.messages.length ?? 0;
    deps.log.info(`Asking the assistant (${turns ? `with the ${turns} earlier message${turns === 1 ? '' : 's'} of this issue's conversation` : 'a new conversation'}): ${(0,text_gate/* forLog */.Ig)(question, 200)}`);
    const comment = thread?.live({ intervalMs: deps.timings.editEveryMs, now: deps.clock.now, what: 'the answer' });
    let headerThread = '';
    const render = (answer, state) => renderAnswerComment({
        marker: thread
            ? (0,marker/* renderMarker */.Bd)({ kind: 'ask', threadId: answer.threadId || headerThread, question: questionRef }, thread.scope)
            : '',
        answer: answer.text,
        sources: answer.sources,
        state,
        ...(answer.stoppedBy ? { reason: answer.stoppedBy } : {}),
    });
    const deadline = deps.clock.now() + settings.timeoutMs;
    const stop = AbortSignal.any([deps.signal, AbortSignal.timeout(Math.max(1, settings.timeoutMs))]);
    let opened;
    try {
        opened = await openWithRetry(deps, body, stop, deadline);
    }
    catch (error) {
        const message = (0,errors/* errorMessage */.gJ)(error);
        if (comment) {
            await comment.finish(render({ text: '', sources: [], threadId: '', finished: false, stoppedBy: publicReason(error) }, 'incomplete'));
        }
        return {
            status: ANSWERS.unanswered.status,
            message: ANSWERS.unanswered.message({ where: '', sources: 0, reason: message }),
        };
    }
    headerThread = opened.threadId ?? '';
    const answer = await readAnswer(opened.stream, (sofar) => comment?.update(() => render(sofar, 'streaming')), {
        ...READ_LIMITS,
        overlap: (0,secrets/* longestSecret */.nr)(),
        signal: stop,
        stopReason: () => deps.signal.aborted
            ? 'the run was cancelled while the answer was being written'
            : `no complete answer within 'timeout-minutes' (${(0,format/* formatSeconds */.X)(settings.timeoutMs)})`,
    });
    // The header names the thread its key belongs to; the stream's own id is the fallback.
    if (headerThread)
        answer.threadId = headerThread;
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
    const reason = complete ? '' : (0,text_gate/* forLog */.Ig)(answer.stoppedBy ?? 'it stopped early', 300);
    const row = ANSWERS[complete ? 'answered' : 'incomplete'];
    return { status: row.status, message: row.message({ where, sources: answer.sources.length, reason }), answer };
}
function isPublic(event) {
    return event.payload.repository?.private === false;
}


/***/ })

};
;