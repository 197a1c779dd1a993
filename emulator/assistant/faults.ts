// What the assistant emulator's callers name without starting it (index.ts re-exports it all): its
// key and domain, and its faults. Nothing here loads the `ai` package, so a command line can
// answer --help or a usage error without it.

export const ASSISTANT_KEY = 'svc_dsc_Tq7Lx2Vb9Kp4Wm8Zr3Nc';
export const DOMAIN = 'acme';

export type AssistantFault =
  | { kind: 'error-chunk' }
  | { kind: 'cut' }
  | { kind: 'rate-limit'; retryAfterSeconds?: number; times?: number }
  | { kind: 'html-502' }
  | { kind: 'trickle'; delayMs: number }
  /** The answer's text, as the model might write it; the sources still come from the search. */
  | { kind: 'answer'; text: string; sourceTitle?: string }
  /** Text deltas of `deltaBytes` characters (default 1024), `delayMs` apart (default 0), for as long as the client reads; never `finish`. */
  | { kind: 'never-ending'; deltaBytes?: number; delayMs?: number }
  /** A finished answer of `bytes` characters in deltas of 1024. */
  | { kind: 'huge'; bytes: number }
  /** The model stops for this reason: `length` is its output limit, mid-sentence. */
  | { kind: 'finish'; finishReason: 'length' | 'content-filter' }
  /** The sources as `source-document` parts (no address), or only as the results of the `search` tool. */
  | { kind: 'sources-as'; sourcesAs: 'document' | 'search-tool' }
  /** The thread id in the `start` chunk's metadata, or only in the `X-Thread-Id` header, instead of on `finish`. */
  | { kind: 'thread-in'; threadIn: 'start-metadata' | 'header-only' }
  /** The service forgets every thread before this request: a follow-up with its key is 404 "Thread not found". */
  | { kind: 'forget-threads' };

/** The faults a command line can ask for by name (the assistant emulator's, the demo's). */
export const NAMED_FAULTS: Readonly<Record<string, AssistantFault>> = {
  'error-chunk': { kind: 'error-chunk' },
  cut: { kind: 'cut' },
  'rate-limit': { kind: 'rate-limit', retryAfterSeconds: 1 },
  'html-502': { kind: 'html-502' },
  trickle: { kind: 'trickle', delayMs: 200 },
  length: { kind: 'finish', finishReason: 'length' },
  'document-sources': { kind: 'sources-as', sourcesAs: 'document' },
  'search-tool': { kind: 'sources-as', sourcesAs: 'search-tool' },
  'forget-threads': { kind: 'forget-threads' },
};
