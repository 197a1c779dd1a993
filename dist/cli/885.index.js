"use strict";
exports.id = 885;
exports.ids = [885];
exports.modules = {

/***/ 885:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  OFFLINE_API_KEY: () => (/* binding */ OFFLINE_API_KEY),
  OFFLINE_ASSISTANT_KEY: () => (/* reexport */ ASSISTANT_KEY),
  OFFLINE_DOMAIN: () => (/* reexport */ DOMAIN),
  OFFLINE_PROJECT_ID: () => (/* binding */ OFFLINE_PROJECT_ID),
  startOfflineService: () => (/* binding */ startOfflineService)
});

// EXTERNAL MODULE: external "node:http"
var external_node_http_ = __webpack_require__(67);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(24);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(760);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(136);
// EXTERNAL MODULE: ./node_modules/ai/dist/index.mjs + 4 modules
var dist = __webpack_require__(6);
;// CONCATENATED MODULE: ./emulator/assistant/faults.ts
// What the assistant emulator's callers name without starting it (index.ts re-exports it all): its
// key and domain, and its faults. Nothing here loads the `ai` package, so a command line can
// answer --help or a usage error without it.
const ASSISTANT_KEY = 'svc_dsc_Tq7Lx2Vb9Kp4Wm8Zr3Nc';
const DOMAIN = 'acme';
/** The faults a command line can ask for by name (the assistant emulator's, the demo's). */
const NAMED_FAULTS = {
    'error-chunk': { kind: 'error-chunk' },
    cut: { kind: 'cut' },
    'rate-limit': { kind: 'rate-limit', retryAfterSeconds: 1 },
    'html-502': { kind: 'html-502' },
    trickle: { kind: 'trickle', delayMs: 200 },
};

;// CONCATENATED MODULE: ./emulator/assistant/index.ts
// An emulator of the service's Documentation Assistant (assistant-api.md): POST
// /discovery/v2/assistant/{domain}/message answers from a small fixture documentation site with a
// naive search, and streams the answer as a real version 5 UI message stream, written with the
// `ai` package's own server helpers, so the action reads exactly what the library produces.
// Faults on demand: an error chunk mid-answer, a cut connection, 429, an HTML 502, a slow trickle,
// an answer text of the test's choosing (to check that hostile text stays inert), an answer that
// never ends, and a huge one that does. The last two are written as the client reads them
// (backpressure), so the emulator's memory stays flat however long the client goes on reading.







const DOCS_BASE = 'https://docs.example.com';
function loadSite(fixtures) {
    const dir = fixtures ?? (0,external_node_url_.fileURLToPath)(__webpack_require__.ab + "fixtures");
    return (0,external_node_fs_.readdirSync)(dir)
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => {
        const text = (0,external_node_fs_.readFileSync)((0,external_node_path_.join)(dir, name), 'utf8');
        const title = /^# (.+)$/m.exec(text)?.[1] ?? name;
        return { url: `${DOCS_BASE}/${name.replace(/\.md$/, '')}`, title, text };
    });
}
/** Pages ranked by how many of the question's words (four letters or more) they contain. */
function search(pages, question, size) {
    const words = wordsOf(question);
    return pages
        .map((page) => ({ page, score: words.filter((word) => page.text.toLowerCase().includes(word)).length }))
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, size)
        .map((hit) => hit.page);
}
function wordsOf(text) {
    return [...new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? [])];
}
/** The top page's paragraph that shares the most words with the question. */
function answerFrom(hits, question) {
    const [top] = hits;
    if (!top)
        return 'I could not find this in the documentation.';
    const words = wordsOf(question);
    const score = (text) => words.filter((word) => text.toLowerCase().includes(word)).length;
    const paragraphs = top.text.split('\n\n').slice(1);
    const paragraph = paragraphs.reduce((best, next) => (score(next) > score(best) ? next : best), paragraphs[0] ?? top.text);
    return `According to the documentation: ${paragraph.trim()}\n\nSee [${top.title}](${top.url}) for more.`;
}
async function startAssistantEmulator(options = {}) {
    const pages = loadSite(options.fixtures);
    const requests = [];
    const streams = [];
    let faults = [];
    let threads = 0;
    const sockets = new Set();
    const handle = async (req, res) => {
        const chunks = [];
        for await (const chunk of req)
            chunks.push(chunk);
        const path = req.url ?? '/';
        let body = {};
        try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        }
        catch {
            body = {};
        }
        requests.push({ path, authorization: req.headers.authorization ?? '', body });
        const json = (status, value, headers = {}) => {
            res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(value));
        };
        const match = /^\/discovery\/v2\/assistant\/([^/]+)\/message$/.exec(path);
        if (req.method !== 'POST' || !match)
            return json(404, { error: 'Not found' });
        if (req.headers.authorization !== `Bearer ${ASSISTANT_KEY}`)
            return json(401, { error: 'Invalid assistant key' });
        if (decodeURIComponent(match[1] ?? '') !== DOMAIN)
            return json(404, { error: 'Unknown domain' });
        const messages = body.messages;
        if (typeof body.fp !== 'string' || !Array.isArray(messages) || typeof body.retrievalPageSize !== 'number') {
            return json(400, { error: 'fp, messages and retrievalPageSize are required' });
        }
        const fault = faults[0];
        if (fault?.kind === 'rate-limit') {
            fault.times = (fault.times ?? 1) - 1;
            if (fault.times <= 0)
                faults.shift();
            return json(429, { error: 'Too many requests' }, { 'Retry-After': String(fault.retryAfterSeconds ?? 0) });
        }
        if (fault)
            faults.shift();
        if (fault?.kind === 'html-502') {
            res.writeHead(502, { 'Content-Type': 'text/html' });
            res.end('<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n');
            return;
        }
        const last = messages.at(-1);
        const question = (last?.parts ?? []).map((part) => part.text ?? '').join(' ');
        const hits = search(pages, question, body.retrievalPageSize);
        if (fault?.kind === 'never-ending' || fault?.kind === 'huge')
            return endless(res, fault, hits);
        const text = fault?.kind === 'answer' ? fault.text : answerFrom(hits, question);
        const threadId = typeof body.threadId === 'string' ? body.threadId : `thread_${++threads}`;
        const words = text.match(/\S+\s*/g) ?? [];
        const half = Math.floor(words.length / 2);
        const cutFlushed = fault?.kind === 'cut' ? afterWritten(res, words.slice(0, half + 1).join('')) : undefined;
        const stream = (0,dist/* createUIMessageStream */.G5)({
            execute: async ({ writer }) => {
                const write = (chunk) => writer.write(chunk);
                write({ type: 'start' });
                write({ type: 'start-step' });
                for (const [index, page] of hits.entries()) {
                    const title = fault?.kind === 'answer' && fault.sourceTitle && index === 0 ? fault.sourceTitle : page.title;
                    write({ type: 'source-url', sourceId: `src-${index}`, url: page.url, title });
                }
                write({ type: 'text-start', id: 'text-1' });
                for (const [index, word] of words.entries()) {
                    if (fault?.kind === 'trickle')
                        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
                    write({ type: 'text-delta', id: 'text-1', delta: word });
                    if (index === half) {
                        if (fault?.kind === 'error-chunk') {
                            write({ type: 'error', errorText: 'The model provider failed' });
                            return;
                        }
                        if (cutFlushed) {
                            // Drop the connection mid-answer once what was written is in the socket, whatever the load.
                            await cutFlushed;
                            res.socket?.destroy();
                            return;
                        }
                    }
                }
                write({ type: 'text-end', id: 'text-1' });
                write({ type: 'finish-step' });
                // The service's one named field: `threadId` on `finish` (assistant-api.md).
                write({ type: 'finish', finishReason: 'stop', threadId });
            },
        });
        await (0,dist/* pipeUIMessageStreamToResponse */.S6)({ response: res, stream });
    };
    /**
     * Resolves once the response has handed the socket every text delta up to `text` (the callback of
     * the write that completed it): what the client will read before a cut, with no wait on the clock.
     */
    const afterWritten = (res, text) => new Promise((resolve) => {
        let sent = '';
        const write = res.write.bind(res);
        res.write = ((chunk, ...rest) => {
            const before = sent.length;
            const data = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
            for (const [, delta = '""'] of data.matchAll(/"type":"text-delta","id":"[^"]*","delta":("(?:[^"\\]|\\.)*")/g)) {
                sent += JSON.parse(delta);
            }
            if (before >= text.length || sent.length < text.length)
                return write(chunk, ...rest);
            const callback = rest.find((arg) => typeof arg === 'function');
            const others = rest.filter((arg) => typeof arg !== 'function');
            return write(chunk, ...others, (error) => {
                callback?.(error);
                resolve();
            });
        });
    });
    /**
     * The never-ending and huge answers: chunks made as the client pulls them (a pull source behind the
     * `ai` package's own writer, which waits for the socket to drain), counted as they are written.
     */
    const endless = async (res, fault, hits) => {
        const record = { bytes: 0, closedByClient: false, ended: false };
        streams.push(record);
        const size = fault.kind === 'never-ending' ? (fault.deltaBytes ?? 1024) : 1024;
        const delta = 'lorem ipsum '.repeat(Math.ceil(size / 12)).slice(0, size);
        let left = fault.kind === 'huge' ? fault.bytes : Infinity;
        const opening = [
            { type: 'start' },
            ...hits.slice(0, 1).map((page, index) => ({
                type: 'source-url',
                sourceId: `src-${index}`,
                url: page.url,
                title: page.title,
            })),
            { type: 'text-start', id: 'text-1' },
        ];
        const stream = new ReadableStream({
            async pull(controller) {
                const next = opening.shift();
                if (next)
                    return controller.enqueue(next);
                if (left > 0) {
                    if (fault.kind === 'never-ending' && fault.delayMs)
                        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
                    const piece = left >= delta.length ? delta : delta.slice(0, left);
                    left -= piece.length;
                    return controller.enqueue({ type: 'text-delta', id: 'text-1', delta: piece });
                }
                controller.enqueue({ type: 'text-end', id: 'text-1' });
                controller.enqueue({ type: 'finish', finishReason: 'stop', threadId: `thread_${++threads}` });
                controller.close();
            },
        });
        const write = res.write.bind(res);
        res.write = ((chunk, ...rest) => {
            record.bytes += Buffer.byteLength(chunk);
            return write(chunk, ...rest);
        });
        res.once('close', () => {
            record.closedByClient = !res.writableFinished;
            record.ended = true;
        });
        await (0,dist/* pipeUIMessageStreamToResponse */.S6)({ response: res, stream });
    };
    const server = (0,external_node_http_.createServer)((req, res) => {
        handle(req, res).catch(() => {
            if (!res.headersSent)
                res.writeHead(500).end();
        });
    });
    server.on('connection', (socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
    });
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port ?? 0, '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
        });
    });
    const { port } = server.address();
    return {
        url: `http://127.0.0.1:${port}`,
        requests,
        streams,
        fault: (fault) => faults.push(fault),
        reset: () => {
            requests.length = 0;
            streams.length = 0;
            faults = [];
            threads = 0;
        },
        close: () => new Promise((resolve) => {
            server.close(() => resolve());
            for (const socket of sockets)
                socket.destroy();
        }),
    };
}

;// CONCATENATED MODULE: ./emulator/http.ts
const JSON_TYPE = 'application/json; charset=utf-8';
function jsonReply(status, value, headers = {}) {
    return { status, body: JSON.stringify(value), headers: { 'content-type': JSON_TYPE, ...headers } };
}
function errorReply(status, message, headers = {}) {
    return jsonReply(status, { error: message }, headers);
}
function readBody(req) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        req.on('data', (chunk) => chunks.push(chunk));
        req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        req.on('error', reject);
    });
}
function send(res, reply) {
    if (res.destroyed || res.headersSent)
        return;
    res.writeHead(reply.status, { ...reply.headers, 'content-length': Buffer.byteLength(reply.body) });
    res.end(reply.body);
}
/** Parses a JSON body that must be an object; returns undefined for anything else. */
function parseJsonObject(body) {
    try {
        const value = JSON.parse(body);
        return typeof value === 'object' && value !== null && !Array.isArray(value)
            ? value
            : undefined;
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./emulator/faults.ts
// The fault queue and what each fault puts on the wire.


class FaultQueue {
    #rules = [];
    /** Rules must already be normalised copies (see parseFaultRule): their times are decremented in place. */
    push(rules) {
        this.#rules.push(...rules);
    }
    /** Consumes one use of the first rule matching the route, if any. */
    take(route) {
        const index = this.#rules.findIndex((rule) => rule.route === 'any' || rule.route === route);
        const rule = this.#rules[index];
        if (!rule)
            return undefined;
        rule.times -= 1;
        if (rule.times <= 0)
            this.#rules.splice(index, 1);
        return { fault: rule.fault, afterProcessing: rule.afterProcessing };
    }
    clear() {
        this.#rules = [];
    }
}
function reasonOf(status) {
    return external_node_http_.STATUS_CODES[status] ?? 'Error';
}
/** The kind of page nginx or a cloud load balancer sends when the service behind it is unwell. */
function htmlPage(status) {
    const title = `${status} ${reasonOf(status)}`;
    return [
        '<!DOCTYPE html>',
        `<html><head><title>${title}</title></head>`,
        `<body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>`,
        '',
    ].join('\n');
}
/**
 * The answer a fault sends instead of the service's, or 'reset' when the connection is to be cut.
 * A delay is not an answer of its own: the caller waits and then sends the service's answer.
 */
function faultReply(fault) {
    switch (fault.kind) {
        case 'reset':
            return 'reset';
        case 'malformed':
            return { status: 200, body: '{"id": "job_', headers: { 'content-type': JSON_TYPE } };
        case 'html':
            return { status: fault.status, body: htmlPage(fault.status), headers: { 'content-type': 'text/html' } };
        case 'status':
            return {
                status: fault.status,
                body: fault.body ?? JSON.stringify({ error: `Emulated fault ${fault.status}` }),
                headers: { 'content-type': fault.contentType ?? JSON_TYPE, ...lowerCaseKeys(fault.headers ?? {}) },
            };
    }
}
// Header names from a rule may be in any case; lower-casing them keeps 'Content-Type' in a rule's
// headers from sitting next to our own 'content-type' as a duplicate.
function lowerCaseKeys(headers) {
    return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(598);
;// CONCATENATED MODULE: ./emulator/jobs.ts
// The job store. A job keeps no status of its own: its phase is derived from the clock each time it
// is read, so an injected clock moves jobs along without timers and nothing needs cleaning up.

const REPOSITORY = 'https://github.com/acme/docs';
class JobStore {
    #now;
    #repository;
    #jobs = new Map();
    #nextPrNumber = 1;
    constructor(now, repository = REPOSITORY) {
        this.#now = now;
        this.#repository = repository;
    }
    create(projectId, prompt, behaviour) {
        const createdAt = this.#now();
        const job = {
            id: `job_${(0,external_node_crypto_.randomBytes)(12).toString('hex')}`,
            projectId,
            createdAt,
            prompts: [prompt],
            repository: this.#repository,
            behaviour: { ...behaviour },
            runningUntil: createdAt + behaviour.durationMs,
            prNumber: null,
        };
        this.#assignPullRequest(job);
        this.#jobs.set(job.id, job);
        return job;
    }
    /** Follow-up instruction: the same job runs again from now, ending as the given behaviour says. */
    restart(job, prompt, behaviour) {
        job.prompts.push(prompt);
        job.behaviour = { ...behaviour };
        job.runningUntil = this.#now() + behaviour.durationMs;
        this.#assignPullRequest(job);
    }
    /** A job is only visible under the project that created it, as on the real service. */
    find(projectId, id) {
        const job = this.#jobs.get(id);
        return job?.projectId === projectId ? job : undefined;
    }
    all() {
        return [...this.#jobs.values()];
    }
    get size() {
        return this.#jobs.size;
    }
    clear() {
        this.#jobs.clear();
        this.#nextPrNumber = 1;
    }
    phase(job) {
        const { outcome } = job.behaviour;
        if (outcome === 'never' || this.#now() < job.runningUntil)
            return 'running';
        return outcome;
    }
    /**
     * How far the current run has got, from 0 to 1: 1 once it ended; a job that never ends stays
     * just short of it.
     */
    progress(job) {
        const { durationMs, outcome } = job.behaviour;
        const started = job.runningUntil - durationMs;
        const fraction = durationMs <= 0 ? 1 : (this.#now() - started) / durationMs;
        if (outcome === 'never')
            return Math.min(Math.max(fraction, 0), 0.99);
        return Math.min(Math.max(fraction, 0), 1);
    }
    /** Allocated when the outcome is fixed rather than when first observed, so numbers follow creation order. */
    #assignPullRequest(job) {
        if (job.behaviour.outcome === 'pr' && job.prNumber === null)
            job.prNumber = this.#nextPrNumber++;
    }
}

;// CONCATENATED MODULE: ./emulator/rate-limit.ts
// Sliding one-hour window per project, read from the emulator clock so a test can step past it.
const WINDOW_MS = 60 * 60 * 1000;
class RateLimiter {
    #limit;
    #now;
    #hits = new Map();
    constructor(limitPerHour, now) {
        this.#limit = limitPerHour;
        this.#now = now;
    }
    /** Records a hit and returns true if the project is still under its limit; otherwise changes nothing. */
    tryConsume(projectId) {
        const now = this.#now();
        const recent = (this.#hits.get(projectId) ?? []).filter((at) => at > now - WINDOW_MS);
        if (recent.length >= this.#limit) {
            this.#hits.set(projectId, recent);
            return false;
        }
        recent.push(now);
        this.#hits.set(projectId, recent);
        return true;
    }
    clear() {
        this.#hits.clear();
    }
}

// EXTERNAL MODULE: external "node:https"
var external_node_https_ = __webpack_require__(708);
;// CONCATENATED MODULE: ./emulator/control.ts
// The HTTP control endpoint, so whoever runs the emulator from the command line can have faults on
// demand: POST /_emulator/inject with one fault rule or an array of them. It needs no key and is
// neither recorded nor faulted.

const CONTROL_PREFIX = '/_emulator/';
const INJECT = `${CONTROL_PREFIX}inject`;
function isControlPath(target) {
    return target.startsWith(CONTROL_PREFIX);
}
function handleControl(target, method, path, body) {
    if (path.split('?', 1)[0] !== INJECT)
        return errorReply(404, 'Not found');
    if (method !== 'POST')
        return errorReply(405, 'Method not allowed');
    try {
        const input = body.trim() === '' ? {} : JSON.parse(body);
        const rules = (Array.isArray(input) ? input : [input]);
        // Validation lives in inject(); its TypeErrors become 400 answers below.
        target.inject(...rules);
        return jsonReply(200, { ok: true, injected: rules.length });
    }
    catch (error) {
        if (error instanceof SyntaxError || error instanceof TypeError)
            return errorReply(400, error.message);
        throw error;
    }
}

;// CONCATENATED MODULE: ./emulator/routes.ts
const PATTERNS = [
    {
        method: 'POST',
        segments: ['v2', 'agent', ':project', 'job'],
        build: (p) => ({ name: 'create', projectId: p.project ?? '' }),
    },
    {
        method: 'GET',
        segments: ['v2', 'agent', ':project', 'job', ':job'],
        build: (p) => ({ name: 'get', projectId: p.project ?? '', jobId: p.job ?? '' }),
    },
    {
        method: 'POST',
        segments: ['v2', 'agent', ':project', 'job', ':job', 'message'],
        build: (p) => ({ name: 'message', projectId: p.project ?? '', jobId: p.job ?? '' }),
    },
    {
        method: 'GET',
        segments: ['v1', 'agent', ':project', 'job', ':job'],
        build: (p) => ({ name: 'v1-get', projectId: p.project ?? '', jobId: p.job ?? '' }),
    },
];
/** Raw captures of the variable segments, or undefined when the shape does not match. */
function capture(pattern, segments) {
    if (pattern.segments.length !== segments.length)
        return undefined;
    const params = {};
    for (const [index, expected] of pattern.segments.entries()) {
        const actual = segments[index] ?? '';
        if (expected.startsWith(':')) {
            if (actual === '')
                return undefined;
            params[expected.slice(1)] = actual;
        }
        else if (actual !== expected) {
            return undefined;
        }
    }
    return params;
}
function decodeAll(params) {
    try {
        return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, decodeURIComponent(value)]));
    }
    catch {
        return undefined;
    }
}
function matchRoute(method, target) {
    // Split by hand: URL parsing would normalise dot segments and re-encode characters.
    const pathname = target.split('?', 1)[0] ?? '';
    const segments = pathname.split('/').slice(1);
    const allowed = [];
    for (const pattern of PATTERNS) {
        const raw = capture(pattern, segments);
        if (!raw)
            continue;
        if (pattern.method !== method) {
            allowed.push(pattern.method);
            continue;
        }
        const params = decodeAll(raw);
        return params ? pattern.build(params) : { name: 'bad-path' };
    }
    return allowed.length > 0 ? { name: 'method-not-allowed', allow: allowed.join(', ') } : { name: 'not-found' };
}
/** The fault-rule route a request counts as; endpoints outside the service match only 'any'. */
function faultRouteOf(route) {
    switch (route.name) {
        case 'create':
        case 'get':
        case 'message':
            return route.name;
        case 'v1-get':
            return 'get';
        default:
            return undefined;
    }
}

;// CONCATENATED MODULE: ./emulator/views.ts
const MODEL = 'emulated-model';
const USER_ID = 'user_emulated';
const TITLE_LENGTH = 60;
const iso = (ms) => new Date(ms).toISOString();
function statusOf(job, phase) {
    switch (phase) {
        case 'running':
            return job.behaviour.runningStatus;
        case 'pr':
        case 'no-change':
            return 'completed';
        default:
            return phase;
    }
}
function prLinkOf(job, phase) {
    return phase === 'pr' && job.prNumber !== null ? `${job.repository}/pull/${job.prNumber}` : null;
}
function toJob(store, job) {
    const phase = store.phase(job);
    return {
        id: job.id,
        status: statusOf(job, phase),
        // The branch of the pull request it opened, as the fake GitHub names it (github/pull-routes.ts):
        // the action ties a reported pull request to its job by this branch.
        source: {
            repository: job.repository,
            ref: job.prNumber === null ? `docs-agent/${job.id}` : `branch-${job.prNumber}`,
        },
        model: MODEL,
        prLink: prLinkOf(job, phase),
        createdAt: iso(job.createdAt),
        archivedAt: phase === 'archived' ? iso(job.runningUntil) : null,
    };
}
function messageOf(phase, prLink) {
    switch (phase) {
        case 'running':
            return 'Working on your request.';
        case 'pr':
            return `I opened a pull request with the changes: ${prLink}`;
        case 'no-change':
            return 'The documentation already covers this; no changes were needed.';
        case 'failed':
            return 'The agent could not apply the change.';
        case 'archived':
            return 'This session was archived.';
    }
}
/** The steps the emulated agent plans for an instruction; a follow-up's plan says so. */
function planOf(followUp, count = 4) {
    const read = followUp ? 'Read the follow-up request' : 'Read the request';
    const writing = Array.from({ length: Math.max(1, count - 3) }, (_, index) => index === 0 ? 'Write the changes' : `Write the changes, part ${index + 1}`);
    return [read, 'Find the pages to change', ...writing, 'Open a pull request'];
}
/**
 * Earlier instructions are one done todo each ("Request 1"); the latest gets a plan whose steps advance with the
 * job's life (pending, in progress, completed). A job that ended without a pull request cancels
 * the steps it did not reach: the last for no change, from the writing on for a failure.
 */
function todosOf(store, job, phase) {
    const last = job.prompts.length - 1;
    // Named, not quoted: a plan that repeated the prompt would echo users' text into the comment.
    const todos = job.prompts.slice(0, last).map((_prompt, index) => ({
        id: `todo_${index + 1}`,
        content: `Request ${index + 1}`,
        status: 'completed',
        priority: 'high',
    }));
    const steps = planOf(last > 0, job.behaviour.planSteps);
    const reached = Math.floor(store.progress(job) * steps.length);
    const stopAt = phase === 'no-change' ? steps.length - 1 : phase === 'failed' || phase === 'archived' ? 2 : steps.length;
    steps.forEach((content, index) => {
        const status = phase !== 'running'
            ? index < stopAt
                ? 'completed'
                : 'cancelled'
            : index < reached
                ? 'completed'
                : index === reached
                    ? 'in_progress'
                    : 'pending';
        todos.push({ id: `todo_${last + 1}_${index + 1}`, content, status, priority: index === 0 ? 'high' : 'medium' });
    });
    return todos;
}
/** The agent names the job after a moment (a fifth of its run), as the service does after reading it. */
function titleOf(store, job, phase) {
    if (phase === 'running' && store.progress(job) < 0.2 && job.prompts.length === 1)
        return '';
    // The prompt's start, which for the action's comment and issue prompts is its own wording.
    const first = (job.prompts[0] ?? '').replace(/\s+/g, ' ').trim();
    return first.length > TITLE_LENGTH ? `${first.slice(0, TITLE_LENGTH - 1)}…` : first;
}
function toSession(store, job) {
    const phase = store.phase(job);
    const pullRequestLink = prLinkOf(job, phase);
    return {
        sessionId: job.id,
        subdomain: job.projectId,
        branch: `docs-agent/${job.id}`,
        haulted: phase !== 'running',
        haultReason: phase === 'running' ? 'processing' : phase === 'failed' ? 'error' : 'completed',
        pullRequestLink,
        messageToUser: phase !== 'running' && job.behaviour.finalMessage !== undefined
            ? job.behaviour.finalMessage
            : messageOf(phase, pullRequestLink),
        todos: todosOf(store, job, phase),
        userId: USER_ID,
        title: titleOf(store, job, phase),
        createdAt: iso(job.createdAt),
    };
}

;// CONCATENATED MODULE: ./emulator/service.ts


/** Undefined when the caller may proceed, otherwise the refusal. */
function authenticate(headers) {
    const key = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
    if (!key?.startsWith('svc_'))
        return errorReply(401, 'Invalid or missing API key');
    // The assistant key shares the admin prefix; the service tells them apart and refuses it here.
    if (key.startsWith('svc_dsc_')) {
        return errorReply(403, 'This is a public assistant key (svc_dsc_); agent endpoints need an admin key');
    }
    return undefined;
}
/** The prompt of a create or message body, or the 400 answer explaining what is wrong with it. */
function readPrompt(body) {
    const parsed = parseJsonObject(body);
    if (!parsed)
        return errorReply(400, 'Request body must be a JSON object');
    const { prompt } = parsed;
    if (typeof prompt !== 'string' || prompt.trim() === '') {
        return errorReply(400, 'prompt is required and must be a non-empty string');
    }
    return prompt;
}
const jobNotFound = () => errorReply(404, 'Job not found');
const rateLimited = () => errorReply(429, 'Rate limit exceeded');
function handleService(state, route, headers, body) {
    switch (route.name) {
        case 'not-found':
            return errorReply(404, 'Not found');
        case 'method-not-allowed':
            return errorReply(405, 'Method not allowed', { allow: route.allow });
        case 'bad-path':
            return errorReply(400, 'Malformed percent-encoding in path');
    }
    // A service that dropped the deprecated endpoints knows them no more than any other path.
    if (route.name === 'v1-get' && !state.behaviour().v1)
        return errorReply(404, 'Not found');
    const refusal = authenticate(headers);
    if (refusal)
        return refusal;
    const { jobs } = state;
    switch (route.name) {
        case 'create': {
            const prompt = readPrompt(body);
            if (typeof prompt !== 'string')
                return prompt;
            if (!state.limiter.tryConsume(route.projectId))
                return rateLimited();
            return jsonReply(201, toJob(jobs, jobs.create(route.projectId, prompt, state.behaviour())));
        }
        case 'get': {
            const job = jobs.find(route.projectId, route.jobId);
            return job ? jsonReply(200, toJob(jobs, job)) : jobNotFound();
        }
        case 'message': {
            const prompt = readPrompt(body);
            if (typeof prompt !== 'string')
                return prompt;
            const job = jobs.find(route.projectId, route.jobId);
            if (!job)
                return jobNotFound();
            if (!state.limiter.tryConsume(route.projectId))
                return rateLimited();
            jobs.restart(job, prompt, state.behaviour());
            return jsonReply(200, toJob(jobs, job));
        }
        case 'v1-get': {
            const job = jobs.find(route.projectId, route.jobId);
            return job ? jsonReply(200, toSession(jobs, job)) : jobNotFound();
        }
    }
}

;// CONCATENATED MODULE: ./emulator/server.ts
// The HTTP server: records each request, applies the fault queue around the service, and keeps
// track of sockets and delay timers so that close() never waits on a client or a pending fault.







const HOST = '127.0.0.1';
class EmulatorServer {
    #parts;
    #server;
    #sockets = new Set();
    /** Pending delays, each with the function that ends its wait early. */
    #delays = new Map();
    #closing;
    constructor(parts) {
        this.#parts = parts;
        const listener = (req, res) => {
            this.#handle(req, res).catch((error) => {
                send(res, errorReply(500, `Emulator error: ${error instanceof Error ? error.message : String(error)}`));
            });
        };
        this.#server = parts.tls ? (0,external_node_https_.createServer)(parts.tls, listener) : (0,external_node_http_.createServer)(listener);
        this.#server.on('connection', (socket) => {
            this.#sockets.add(socket);
            socket.once('close', () => this.#sockets.delete(socket));
        });
    }
    /** Resolves with the bound port. */
    listen(port) {
        return new Promise((resolve, reject) => {
            this.#server.once('error', reject);
            this.#server.listen(port, HOST, () => {
                this.#server.off('error', reject);
                resolve(this.#server.address().port);
            });
        });
    }
    close() {
        this.#closing ??= new Promise((resolve) => {
            for (const [timer, finish] of this.#delays) {
                clearTimeout(timer);
                finish(false);
            }
            this.#delays.clear();
            // The callback fires once every connection is gone, which the destroy loop below ensures.
            this.#server.close(() => resolve());
            for (const socket of this.#sockets)
                socket.destroy();
        });
        return this.#closing;
    }
    async #handle(req, res) {
        const { now, service, faults, requests, control } = this.#parts;
        const body = await readBody(req);
        const method = req.method ?? 'GET';
        const target = req.url ?? '/';
        if (isControlPath(target)) {
            send(res, handleControl(control, method, target, body));
            return;
        }
        requests.push({ method, path: target, headers: { ...req.headers }, body, at: now() });
        const route = matchRoute(method, target);
        const taken = faults.take(faultRouteOf(route));
        const before = taken && !taken.afterProcessing ? taken.fault : undefined;
        const after = taken?.afterProcessing ? taken.fault : undefined;
        if (before && !(await this.#applyFault(before, req, res)))
            return;
        const reply = handleService(service, route, req.headers, body);
        if (after && !(await this.#applyFault(after, req, res)))
            return;
        send(res, reply);
    }
    /** Returns true when the service's own answer should still be sent (a delay that ran its course). */
    async #applyFault(fault, req, res) {
        if (fault.kind === 'delay')
            return this.#wait(fault.ms);
        const reply = faultReply(fault);
        if (reply === 'reset')
            req.socket.destroy();
        else
            send(res, reply);
        return false;
    }
    /** Resolves true after ms, or false at once if the emulator is closed first. */
    #wait(ms) {
        return new Promise((resolve) => {
            const timer = setTimeout(() => {
                this.#delays.delete(timer);
                resolve(true);
            }, ms);
            this.#delays.set(timer, resolve);
        });
    }
}

;// CONCATENATED MODULE: ./emulator/validate.ts
const DEFAULT_BEHAVIOUR = Object.freeze({
    durationMs: 1500,
    outcome: 'pr',
    runningStatus: 'active',
    v1: true,
});
const OUTCOMES = ['pr', 'no-change', 'failed', 'archived', 'never'];
const ROUTES = ['create', 'get', 'message', 'any'];
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isNonNegativeNumber(value) {
    return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
function isHttpStatus(value) {
    return Number.isInteger(value) && value >= 100 && value <= 599;
}
function isOutcome(value) {
    return OUTCOMES.includes(value);
}
function parseBehaviour(input) {
    if (!isObject(input))
        throw new TypeError('job behaviour must be an object');
    const result = {};
    for (const [key, value] of Object.entries(input)) {
        if (value === undefined)
            continue;
        if (key === 'durationMs') {
            if (!isNonNegativeNumber(value))
                throw new TypeError('durationMs must be a number >= 0');
            result.durationMs = value;
        }
        else if (key === 'outcome') {
            if (!isOutcome(value))
                throw new TypeError(`outcome must be one of ${OUTCOMES.join(', ')}`);
            result.outcome = value;
        }
        else if (key === 'runningStatus') {
            if (typeof value !== 'string' || value === '')
                throw new TypeError('runningStatus must be a non-empty string');
            result.runningStatus = value;
        }
        else if (key === 'v1') {
            if (typeof value !== 'boolean')
                throw new TypeError('v1 must be true or false');
            result.v1 = value;
        }
        else if (key === 'planSteps') {
            if (!Number.isInteger(value) || value < 1 || value > 1_000)
                throw new TypeError('planSteps must be a whole number from 1 to 1000');
            result.planSteps = value;
        }
        else if (key === 'finalMessage') {
            if (typeof value !== 'string')
                throw new TypeError('finalMessage must be a string');
            result.finalMessage = value;
        }
        else {
            throw new TypeError(`unknown job behaviour field: ${key}`);
        }
    }
    return result;
}
function parseHeaders(input) {
    if (!isObject(input))
        throw new TypeError('fault headers must be an object');
    for (const [name, value] of Object.entries(input)) {
        if (typeof value !== 'string')
            throw new TypeError(`fault header ${name} must be a string`);
    }
    return { ...input };
}
function parseFault(input) {
    if (!isObject(input))
        throw new TypeError('fault must be an object');
    switch (input.kind) {
        case 'reset':
        case 'malformed':
            return { kind: input.kind };
        case 'delay':
            if (!isNonNegativeNumber(input.ms))
                throw new TypeError('delay fault needs ms >= 0');
            return { kind: 'delay', ms: input.ms };
        case 'html':
            if (!isHttpStatus(input.status))
                throw new TypeError('html fault needs an HTTP status');
            return { kind: 'html', status: input.status };
        case 'status': {
            if (!isHttpStatus(input.status))
                throw new TypeError('status fault needs an HTTP status');
            const fault = { kind: 'status', status: input.status };
            if (input.body !== undefined) {
                if (typeof input.body !== 'string')
                    throw new TypeError('status fault body must be a string');
                fault.body = input.body;
            }
            if (input.contentType !== undefined) {
                if (typeof input.contentType !== 'string')
                    throw new TypeError('status fault contentType must be a string');
                fault.contentType = input.contentType;
            }
            if (input.headers !== undefined)
                fault.headers = parseHeaders(input.headers);
            return fault;
        }
        default:
            throw new TypeError(`unknown fault kind: ${String(input.kind)}`);
    }
}
/** Returns a normalised copy with defaults filled in, so queued rules never alias caller objects. */
function parseFaultRule(input) {
    if (!isObject(input))
        throw new TypeError('fault rule must be an object');
    const route = input.route ?? 'any';
    if (!ROUTES.includes(route)) {
        throw new TypeError(`route must be one of ${ROUTES.join(', ')}`);
    }
    const times = input.times ?? 1;
    if (!Number.isInteger(times) || times < 1)
        throw new TypeError('times must be an integer >= 1');
    const afterProcessing = input.afterProcessing ?? false;
    if (typeof afterProcessing !== 'boolean')
        throw new TypeError('afterProcessing must be a boolean');
    return {
        route: route,
        times: times,
        afterProcessing,
        fault: parseFault(input.fault),
    };
}
function parseFaultRules(input) {
    return (Array.isArray(input) ? input : [input]).map(parseFaultRule);
}

;// CONCATENATED MODULE: ./emulator/index.ts
// Public entry point of the Documentation Agent emulator: a local stand-in for the hosted service,
// as the action sees it (the v2 jobs, the v1 sessions), with injectable faults for testing the client.






const DEFAULT_RATE_LIMIT_PER_HOUR = 100;
async function startEmulator(options = {}) {
    const now = options.now ?? Date.now;
    const initialBehaviour = { ...DEFAULT_BEHAVIOUR, ...parseBehaviour(options.job ?? {}) };
    const rateLimit = options.rateLimitPerHour ?? DEFAULT_RATE_LIMIT_PER_HOUR;
    if (!Number.isInteger(rateLimit) || rateLimit < 0)
        throw new TypeError('rateLimitPerHour must be an integer >= 0');
    let behaviour = { ...initialBehaviour };
    const jobs = new JobStore(now, options.repository);
    const limiter = new RateLimiter(rateLimit, now);
    const faults = new FaultQueue();
    // One array for the emulator's whole life: reset() empties it, so references held by tests stay live.
    const requests = [];
    const emulator = {
        url: '',
        requests,
        jobsCreated: () => jobs.size,
        jobs: () => jobs.all().map((job) => toJob(jobs, job)),
        configure(job) {
            behaviour = { ...behaviour, ...parseBehaviour(job) };
        },
        inject(...rules) {
            // Validate every rule before queueing any, so a bad batch leaves the queue as it was.
            faults.push(parseFaultRules(rules));
        },
        reset() {
            jobs.clear();
            limiter.clear();
            faults.clear();
            requests.length = 0;
            behaviour = { ...initialBehaviour };
        },
        close: () => server.close(),
    };
    const server = new EmulatorServer({
        now,
        service: { jobs, limiter, behaviour: () => behaviour },
        faults,
        requests,
        control: emulator,
        ...(options.tls ? { tls: options.tls } : {}),
    });
    const port = await server.listen(options.port ?? 0);
    emulator.url = `${options.tls ? 'https' : 'http'}://${HOST}:${port}`;
    return emulator;
}

;// CONCATENATED MODULE: ./emulator/offline.ts
// The whole offline service behind one address, as the hosted service has it: the agent's job
// endpoints (emulator/index.ts) and the assistant (emulator/assistant/index.ts), each on its own
// port, and a small front on 127.0.0.1 that sends /discovery/ to the assistant and everything else
// to the agent emulator. `docs-agent emulator` (src/cli/) serves it, so that one DOCS_AGENT_BASE_URL
// works for every command, as one base-url does for the action.



/** An admin key the agent emulator takes (it takes any `svc_` key that is not an assistant key). */
const OFFLINE_API_KEY = 'svc_offline_emulator_key';
const OFFLINE_PROJECT_ID = 'demo';

async function startOfflineService(options = {}) {
    const agent = await startEmulator(options.job ? { job: options.job } : {});
    const assistant = await startAssistantEmulator(options.fixtures ? { fixtures: options.fixtures } : {});
    const sockets = new Set();
    const front = (0,external_node_http_.createServer)((req, res) => {
        const target = new URL(req.url ?? '/', (req.url ?? '').startsWith('/discovery/') ? assistant.url : agent.url);
        const upstream = (0,external_node_http_.request)(target, { method: req.method, headers: req.headers, agent: false }, (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
        });
        upstream.on('error', () => {
            if (!res.headersSent)
                res.writeHead(502, { 'Content-Type': 'application/json' });
            res.end('{"error":"the emulator did not answer"}');
        });
        // A client that goes away (a cancelled answer) ends the upstream request too.
        res.on('close', () => upstream.destroy());
        req.pipe(upstream);
    });
    front.on('connection', (socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
    });
    await new Promise((resolve, reject) => {
        front.once('error', reject);
        front.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    const { port } = front.address();
    return {
        url: `http://127.0.0.1:${port}`,
        agent,
        assistant,
        close: async () => {
            await new Promise((resolve) => {
                front.close(() => resolve());
                for (const socket of sockets)
                    socket.destroy();
            });
            await Promise.all([agent.close(), assistant.close()]);
        },
    };
}


/***/ })

};
;