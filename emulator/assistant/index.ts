// An emulator of the service's Documentation Assistant (assistant-api.md): POST
// /discovery/v2/assistant/{domain}/message answers from a small fixture documentation site with a
// naive search, and streams the answer as a real version 5 UI message stream, made by the `ai`
// package's own `streamText` and written by its server helpers (answer.ts), so the action reads
// exactly what the library produces. Threads are guarded as the live service guards them: a new
// thread's id and key come in the X-Thread-Id and X-Thread-Key headers, and a threadId without its
// threadKey is 404 "Thread not found". retrievalPageSize is optional (default 5).
// Faults on demand: an error chunk mid-answer, a cut connection, 429, an HTML 502, a slow trickle,
// an answer text of the test's choosing (to check that hostile text stays inert), an answer that
// never ends, and a huge one that does. The last two are written as the client reads them
// (backpressure), so the emulator's memory stays flat however long the client goes on reading.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pipeUIMessageStreamToResponse, type UIMessageChunk } from 'ai';
import { answerStream, type Page } from './answer.ts';

import { ASSISTANT_KEY, DOMAIN, type AssistantFault } from './faults.ts';

export { ASSISTANT_KEY, DOMAIN, NAMED_FAULTS, type AssistantFault } from './faults.ts';
const DOCS_BASE = 'https://docs.example.com';

interface AssistantRequest {
  path: string;
  authorization: string;
  body: Record<string, unknown>;
}

/** One answer stream as the emulator wrote it. */
export interface AnswerStream {
  /** Bytes of the event stream written so far. */
  bytes: number;
  /** The client closed the connection before the stream ended. */
  closedByClient: boolean;
  /** The stream ended, by the client or by the emulator. */
  ended: boolean;
}

export interface AssistantEmulator {
  url: string;
  requests: AssistantRequest[];
  /** Every answer stream, in order of requests, as it is being written. */
  streams: AnswerStream[];
  /** Faults apply to the next answers, in order; rate-limit counts down its `times`. */
  fault(fault: AssistantFault): void;
  /** Every thread key handed out so far (secrets: a test checks none is shown in public). */
  threadKeys(): string[];
  reset(): void;
  close(): Promise<void>;
}

function loadSite(fixtures?: string): Page[] {
  const dir = fixtures ?? fileURLToPath(new URL('fixtures/', import.meta.url));
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const title = /^# (.+)$/m.exec(text)?.[1] ?? name;
      return { url: `${DOCS_BASE}/${name.replace(/\.md$/, '')}`, title, text };
    });
}

/** Pages ranked by how many of the question's words (four letters or more) they contain. */
function search(pages: Page[], question: string, size: number): Page[] {
  const words = wordsOf(question);
  return pages
    .map((page) => ({ page, score: words.filter((word) => page.text.toLowerCase().includes(word)).length }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, size)
    .map((hit) => hit.page);
}

function textOf(message: unknown): string {
  const parts = (message as { parts?: { text?: unknown }[] } | undefined)?.parts;
  return (Array.isArray(parts) ? parts : []).map((part) => (typeof part.text === 'string' ? part.text : '')).join(' ');
}

function wordsOf(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? [])];
}

/** The top page's paragraph that shares the most words with the question. */
function answerFrom(hits: Page[], question: string): string {
  const [top] = hits;
  if (!top) return 'I could not find this in the documentation.';
  const words = wordsOf(question);
  const score = (text: string): number => words.filter((word) => text.toLowerCase().includes(word)).length;
  const paragraphs = top.text.split('\n\n').slice(1);
  const paragraph = paragraphs.reduce(
    (best, next) => (score(next) > score(best) ? next : best),
    paragraphs[0] ?? top.text,
  );
  return `According to the documentation: ${paragraph.trim()}\n\nSee [${top.title}](${top.url}) for more.`;
}

export interface AssistantEmulatorOptions {
  /** Port on 127.0.0.1; default 0 (any free port). */
  port?: number;
  /** The folder of documentation pages (.md); default fixtures/ beside this file (a bundle ships a copy elsewhere). */
  fixtures?: string;
}

export async function startAssistantEmulator(options: AssistantEmulatorOptions = {}): Promise<AssistantEmulator> {
  const pages = loadSite(options.fixtures);
  const requests: AssistantRequest[] = [];
  const streams: AnswerStream[] = [];
  let faults: AssistantFault[] = [];
  let threads = 0;
  const known = new Map<string, string>();
  const sockets = new Set<Socket>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '/';
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      body = {};
    }
    requests.push({ path, authorization: req.headers.authorization ?? '', body });
    const json = (status: number, value: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(value));
    };
    const match = /^\/discovery\/v2\/assistant\/([^/]+)\/message$/.exec(path);
    if (req.method !== 'POST' || !match) return json(404, { error: 'Not found' });
    if (req.headers.authorization !== `Bearer ${ASSISTANT_KEY}`) return json(401, { error: 'Invalid assistant key' });
    if (decodeURIComponent(match[1] ?? '') !== DOMAIN) return json(404, { error: 'Unknown domain' });
    const messages = body.messages;
    const pageSize = body.retrievalPageSize ?? 5;
    if (typeof body.fp !== 'string' || !Array.isArray(messages) || typeof pageSize !== 'number') {
      return json(400, { error: 'fp and messages are required; retrievalPageSize is a number' });
    }

    if (faults[0]?.kind === 'forget-threads') {
      faults.shift();
      known.clear();
    }
    const fault = faults[0];
    if (fault?.kind === 'rate-limit') {
      fault.times = (fault.times ?? 1) - 1;
      if (fault.times <= 0) faults.shift();
      return json(429, { error: 'Too many requests' }, { 'Retry-After': String(fault.retryAfterSeconds ?? 0) });
    }
    if (fault) faults.shift();
    if (fault?.kind === 'html-502') {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end(
        '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n',
      );
      return;
    }

    // A thread goes on only with its key, handed out once in the headers of its first answer.
    let threadId: string;
    let headers: Record<string, string> = {};
    if (body.threadId !== undefined) {
      const key = typeof body.threadId === 'string' ? known.get(body.threadId) : undefined;
      if (key === undefined || body.threadKey !== key) return json(404, { error: 'Thread not found' });
      threadId = body.threadId as string;
    } else {
      threadId = `thread_${++threads}`;
      const key = `tk_${randomBytes(16).toString('hex')}`;
      known.set(threadId, key);
      headers = { 'X-Thread-Id': threadId, 'X-Thread-Key': key };
    }

    const question = textOf(messages.at(-1));
    // The question in the context of the conversation: its earlier questions help find the pages.
    const earlier = messages.slice(0, -1).filter((m) => (m as { role?: unknown }).role === 'user');
    const found = search(pages, question, pageSize);
    const hits = found.length ? found : search(pages, [question, ...earlier.map(textOf)].join(' '), pageSize);
    if (fault?.kind === 'never-ending' || fault?.kind === 'huge') return endless(res, fault, hits, headers);
    const text = fault?.kind === 'answer' ? fault.text : answerFrom(hits, question);
    const words = text.match(/\S+\s*/g) ?? [];
    const half = Math.floor(words.length / 2);
    const cutFlushed = fault?.kind === 'cut' ? afterWritten(res, words.slice(0, half + 1).join('')) : undefined;
    const stream = answerStream({
      text,
      pages: hits,
      sourcesAs: fault?.kind === 'sources-as' ? fault.sourcesAs : 'url',
      threadIn: fault?.kind === 'thread-in' ? fault.threadIn : 'finish',
      threadId,
      finishReason: fault?.kind === 'finish' ? fault.finishReason : 'stop',
      ...(fault?.kind === 'answer' && fault.sourceTitle ? { sourceTitle: fault.sourceTitle } : {}),
      ...(fault?.kind === 'trickle' ? { delayMs: fault.delayMs } : {}),
      ...(fault?.kind === 'error-chunk' ? { errorHalfWay: 'The model provider failed' } : {}),
      ...(cutFlushed
        ? {
            // Drop the connection mid-answer once what was written is in the socket, whatever the load.
            cutHalfWay: async () => {
              await cutFlushed;
              res.socket?.destroy();
            },
          }
        : {}),
    });
    await pipeUIMessageStreamToResponse({ response: res, stream, headers });
  };

  /**
   * Resolves once the response has handed the socket every text delta up to `text` (the callback of
   * the write that completed it): what the client will read before a cut, with no wait on the clock.
   */
  const afterWritten = (res: ServerResponse, text: string): Promise<void> =>
    new Promise((resolve) => {
      let sent = '';
      const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        const before = sent.length;
        const data = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
        for (const [, delta = '""'] of data.matchAll(/"type":"text-delta","id":"[^"]*","delta":("(?:[^"\\]|\\.)*")/g)) {
          sent += JSON.parse(delta) as string;
        }
        if (before >= text.length || sent.length < text.length) return write(chunk, ...rest);
        const callback = rest.find((arg) => typeof arg === 'function') as ((error?: Error | null) => void) | undefined;
        const others = rest.filter((arg) => typeof arg !== 'function');
        return write(chunk, ...others, (error?: Error | null) => {
          callback?.(error);
          resolve();
        });
      }) as typeof res.write;
    });

  /**
   * The never-ending and huge answers: chunks made as the client pulls them (a pull source behind the
   * `ai` package's own writer, which waits for the socket to drain), counted as they are written.
   */
  const endless = async (
    res: ServerResponse,
    fault: Extract<AssistantFault, { kind: 'never-ending' | 'huge' }>,
    hits: Page[],
    headers: Record<string, string>,
  ): Promise<void> => {
    const record: AnswerStream = { bytes: 0, closedByClient: false, ended: false };
    streams.push(record);
    const size = fault.kind === 'never-ending' ? (fault.deltaBytes ?? 1024) : 1024;
    const delta = 'lorem ipsum '.repeat(Math.ceil(size / 12)).slice(0, size);
    let left = fault.kind === 'huge' ? fault.bytes : Infinity;
    const opening: UIMessageChunk[] = [
      { type: 'start' },
      ...hits.slice(0, 1).map((page, index): UIMessageChunk => ({
        type: 'source-url',
        sourceId: `src-${index}`,
        url: page.url,
        title: page.title,
      })),
      { type: 'text-start', id: 'text-1' },
    ];
    const stream = new ReadableStream<UIMessageChunk>({
      async pull(controller) {
        const next = opening.shift();
        if (next) return controller.enqueue(next);
        if (left > 0) {
          if (fault.kind === 'never-ending' && fault.delayMs)
            await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
          const piece = left >= delta.length ? delta : delta.slice(0, left);
          left -= piece.length;
          return controller.enqueue({ type: 'text-delta', id: 'text-1', delta: piece });
        }
        controller.enqueue({ type: 'text-end', id: 'text-1' });
        controller.enqueue({
          type: 'finish',
          finishReason: 'stop',
          threadId: headers['X-Thread-Id'],
        } as UIMessageChunk);
        controller.close();
      },
    });
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      record.bytes += Buffer.byteLength(chunk as string | Uint8Array);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.once('close', () => {
      record.closedByClient = !res.writableFinished;
      record.ended = true;
    });
    await pipeUIMessageStreamToResponse({ response: res, stream, headers });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    streams,
    fault: (fault) => faults.push(fault),
    threadKeys: () => [...known.values()],
    reset: () => {
      requests.length = 0;
      streams.length = 0;
      faults = [];
      threads = 0;
      known.clear();
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
