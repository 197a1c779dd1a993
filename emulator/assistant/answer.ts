// The assistant emulator's answer, made as the live service makes one: the `ai` package's
// `streamText` over a model (the package's own MockLanguageModelV2, playing back the answer the
// emulator chose), turned into the UI message stream by the package's own `toUIMessageStream`. So
// every chunk, and what follows an error, is the library's, never written by hand. The service's
// one field of its own, `threadId` on `finish`, is added to the library's chunk; its search tool
// is a real tool of the call, whose results are the pages found.
import { jsonSchema, stepCountIs, streamText, tool, type UIMessageChunk } from 'ai';
import { MockLanguageModelV2 } from 'ai/test';

export interface Page {
  url: string;
  title: string;
  text: string;
}

/** Where the answer names its sources: source-url parts, source-document parts, or only the search tool's results. */
export type SourcesAs = 'url' | 'document' | 'search-tool';
/** Where the answer names its thread, besides the headers of a new thread. */
export type ThreadIn = 'finish' | 'start-metadata' | 'header-only';

export interface AnswerPlan {
  text: string;
  pages: Page[];
  sourcesAs: SourcesAs;
  threadIn: ThreadIn;
  threadId: string;
  finishReason: 'stop' | 'length' | 'content-filter';
  /** The title of the first source, when the test chooses it. */
  sourceTitle?: string;
  /** Milliseconds between words. */
  delayMs?: number;
  /** Half-way through the words: fail the model with this error, or wait for this and stop (a cut). */
  errorHalfWay?: string;
  cutHalfWay?: () => Promise<void>;
}

const USAGE = { inputTokens: 10, outputTokens: 20, totalTokens: 30 };

type Part = Record<string, unknown> & { type: string };

/** The answer as a UI message stream, from the library's helpers. */
export function answerStream(plan: AnswerPlan): ReadableStream<UIMessageChunk> {
  const searched = plan.sourcesAs === 'search-tool';
  let calls = 0;
  const model = new MockLanguageModelV2({
    doStream: () => {
      calls += 1;
      const parts = searched && calls === 1 ? searchCall() : answerParts(plan);
      return Promise.resolve({ stream: partStream(parts, plan) as never });
    },
  });
  const result = streamText({
    model,
    prompt: 'the question',
    // The error goes to the client as the library's `error` chunk; the emulator's console stays quiet.
    onError: () => undefined,
    ...(searched
      ? {
          tools: {
            search: tool({
              description: 'Searches the documentation',
              inputSchema: jsonSchema<{ query: string }>({ type: 'object', properties: { query: { type: 'string' } } }),
              execute: () =>
                Promise.resolve({
                  results: plan.pages.map((page, index) => ({
                    title: index === 0 && plan.sourceTitle ? plan.sourceTitle : page.title,
                    url: page.url,
                    content: page.text.slice(0, 200),
                  })),
                }),
            }),
          },
          stopWhen: stepCountIs(2),
        }
      : {}),
  });
  const metadata = plan.threadIn === 'start-metadata' ? { threadId: plan.threadId } : undefined;
  const chunks = result.toUIMessageStream({
    sendSources: true,
    onError: (error) => (error instanceof Error ? error.message : String(error)),
    ...(metadata ? { messageMetadata: ({ part }) => (part.type === 'start' ? metadata : undefined) } : {}),
  });
  if (plan.threadIn !== 'finish') return chunks;
  return chunks.pipeThrough(
    new TransformStream<UIMessageChunk, UIMessageChunk>({
      transform(chunk, controller) {
        controller.enqueue(chunk.type === 'finish' ? ({ ...chunk, threadId: plan.threadId } as UIMessageChunk) : chunk);
      },
    }),
  );
}

function searchCall(): Part[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'tool-call', toolCallId: 'call-search-1', toolName: 'search', input: '{"query":"the question"}' },
    { type: 'finish', finishReason: 'tool-calls', usage: USAGE },
  ];
}

/** The model's parts: its sources, then the text word by word, then its finish (or a failure half-way). */
function answerParts(plan: AnswerPlan): Part[] {
  const sources: Part[] =
    plan.sourcesAs === 'search-tool'
      ? []
      : plan.pages.map((page, index) => {
          const title = index === 0 && plan.sourceTitle ? plan.sourceTitle : page.title;
          return plan.sourcesAs === 'url'
            ? { type: 'source', sourceType: 'url', id: `src-${index}`, url: page.url, title }
            : {
                type: 'source',
                sourceType: 'document',
                id: `src-${index}`,
                mediaType: 'text/markdown',
                title,
                filename: `${new URL(page.url).pathname.slice(1)}.md`,
              };
        });
  const words = plan.text.match(/\S+\s*/g) ?? [];
  const half = Math.floor(words.length / 2);
  const text: Part[] = [];
  for (const [index, word] of words.entries()) {
    text.push({ type: 'text-delta', id: 'text-1', delta: word });
    if (index === half && plan.errorHalfWay)
      return [...head(sources), ...text, { type: 'error', error: new Error(plan.errorHalfWay) }];
    if (index === half && plan.cutHalfWay) return [...head(sources), ...text, { type: 'cut' }];
  }
  return [
    ...head(sources),
    ...text,
    { type: 'text-end', id: 'text-1' },
    { type: 'finish', finishReason: plan.finishReason, usage: USAGE },
  ];
}

function head(sources: Part[]): Part[] {
  return [{ type: 'stream-start', warnings: [] }, ...sources, { type: 'text-start', id: 'text-1' }];
}

/** The parts as the model's stream, made as it is read: words `delayMs` apart, a cut waited for. */
function partStream(parts: Part[], plan: AnswerPlan): ReadableStream<Part> {
  let at = 0;
  return new ReadableStream<Part>({
    async pull(controller) {
      const part = parts[at++];
      if (!part) return controller.close();
      if (part.type === 'cut') {
        // The server drops the connection once what came before is in the socket; nothing follows.
        await plan.cutHalfWay?.();
        return new Promise<void>(() => undefined);
      }
      if (part.type === 'text-delta' && plan.delayMs) await new Promise((resolve) => setTimeout(resolve, plan.delayMs));
      controller.enqueue(part);
    },
  });
}
