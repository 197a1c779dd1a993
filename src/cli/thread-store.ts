// What `docs-agent ask` keeps between calls, in the user's state directory ($XDG_STATE_HOME, else
// ~/.local/state, then docs-agent/): a fingerprint of this machine, and one file per conversation
// with the thread's key and its turns so far. The service hands a thread's key out once and answers
// a thread id without it with 404, so the key must be kept somewhere to continue a thread; the
// turns let a conversation go on in a new thread when the service has forgotten the old one.
// Everything is private to the user (directories 0700, files 0600), and nothing here prints.
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { TextMessage } from '../service/assistant.ts';
import { boundHistory, textMessage } from '../service/assistant-history.ts';
import { THREAD_ID } from '../text/grammar.ts';
import { registerSecret } from '../text/secrets.ts';

/** One conversation as kept: the chat's id, the thread's key (a secret) and its turns, oldest first. */
export interface StoredThread {
  chatId: string;
  threadKey?: string;
  /** Each turn: the question, and the answer when one came. */
  turns: TextMessage[][];
}

/** Which service and site the threads belong to: a thread id means nothing elsewhere. */
export interface StoreScope {
  baseUrl: string;
  domain: string;
}

/** A thread file larger than this is not read: it was not written by this command. */
const MAX_FILE_BYTES = 256 * 1024;
/** The fingerprint as DOCS_ASSISTANT_FP may give it. */
export const FINGERPRINT = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The state directory of the command, from the environment ($XDG_STATE_HOME is used only when absolute, as the spec says). */
export function stateDirectory(env: Readonly<Record<string, string | undefined>>): string {
  const xdg = env.XDG_STATE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), '.local', 'state');
  return join(base, 'docs-agent');
}

export class ThreadStore {
  readonly #dir: string;
  readonly #scope: StoreScope;

  constructor(dir: string, scope: StoreScope) {
    this.#dir = dir;
    this.#scope = scope;
  }

  /** The file of one thread: named by a digest of the service, the site and the thread, so no id is a path. */
  fileOf(threadId: string): string {
    const { baseUrl, domain } = this.#scope;
    const name = createHash('sha256').update(`${baseUrl}\n${domain}\n${threadId}`).digest('hex').slice(0, 40);
    return join(this.#dir, 'threads', `${name}.json`);
  }

  /** The conversation kept for `threadId`, or undefined when none is (or its file is not ours). */
  load(threadId: string): StoredThread | undefined {
    if (!THREAD_ID.test(threadId)) return undefined;
    let raw: string;
    try {
      raw = readFileSync(this.fileOf(threadId), 'utf8');
    } catch {
      return undefined;
    }
    if (raw.length > MAX_FILE_BYTES) return undefined;
    try {
      const kept = JSON.parse(raw) as Partial<StoredThread>;
      if (typeof kept.chatId !== 'string' || !Array.isArray(kept.turns)) return undefined;
      if (typeof kept.threadKey === 'string') registerSecret(kept.threadKey);
      const turns = kept.turns.filter(Array.isArray).map((turn) => turn.filter(isTextMessage));
      return {
        chatId: kept.chatId,
        ...(typeof kept.threadKey === 'string' ? { threadKey: kept.threadKey } : {}),
        turns: toTurns(boundHistory(turns)),
      };
    } catch {
      return undefined;
    }
  }

  /** Keeps a conversation under `threadId`, bounded as it would be sent; only the user may read it. */
  save(threadId: string, thread: StoredThread): void {
    if (!THREAD_ID.test(threadId)) return;
    const file = this.fileOf(threadId);
    mkdirSync(join(this.#dir, 'threads'), { recursive: true, mode: 0o700 });
    const kept: StoredThread = { ...thread, turns: toTurns(boundHistory(thread.turns)) };
    // Written beside and renamed: a reader never sees half a file, and the mode is set before the key is in it.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(kept)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  }

  /**
   * This machine's fingerprint for the assistant: DOCS_ASSISTANT_FP when set, else a random id made
   * once and kept in the state directory, so every question of this user is grouped alike.
   */
  fingerprint(env: Readonly<Record<string, string | undefined>>): string {
    // A wrong DOCS_ASSISTANT_FP is an input error before this is called (cli/ask.ts).
    const given = env.DOCS_ASSISTANT_FP?.trim();
    if (given && FINGERPRINT.test(given)) return given;
    const file = join(this.#dir, 'fingerprint');
    try {
      const kept = readFileSync(file, 'utf8').trim();
      if (FINGERPRINT.test(kept)) return kept;
    } catch {
      // None yet: made below.
    }
    const made = randomUUID();
    try {
      mkdirSync(this.#dir, { recursive: true, mode: 0o700 });
      writeFileSync(file, `${made}\n`, { mode: 0o600 });
    } catch {
      // A read-only home still asks; this question's fingerprint is then its own.
    }
    return made;
  }
}

function isTextMessage(value: unknown): value is TextMessage {
  const message = value as Partial<TextMessage> | null;
  return (
    typeof message?.id === 'string' &&
    (message.role === 'user' || message.role === 'assistant') &&
    Array.isArray(message.parts) &&
    typeof message.parts[0]?.text === 'string'
  );
}

/** The bounded messages back into turns: each question starts one. */
function toTurns(messages: TextMessage[]): TextMessage[][] {
  const turns: TextMessage[][] = [];
  for (const message of messages) {
    const last = turns.at(-1);
    if (message.role === 'user' || !last)
      turns.push([textMessage(message.id, message.role, message.parts[0]?.text ?? '')]);
    else last.push(textMessage(message.id, message.role, message.parts[0]?.text ?? ''));
  }
  return turns;
}
