/**
 * GitHub's answers are read with a byte cap, as the service's and the assistant's are: a proxy or
 * a GitHub Enterprise Server that sends an endless or enormous body must not fill the runner's
 * memory nor hold the run. The cap is far above the largest page the action asks for (100 comments
 * of GitHub's 65,536 characters, at up to 4 bytes each, is 26 MiB).
 */
export const GITHUB_BODY_LIMIT = 32 * 1024 * 1024;

/** A body longer than the cap: the call fails with this, and is not tried again. */
export class BodyTooLarge extends Error {
  constructor(limit: number) {
    super(`GitHub answered with a body over ${Math.round(limit / 1024 / 1024)} MiB`);
    this.name = 'BodyTooLarge';
  }
}

/** Statuses whose responses have no body, which a Response cannot be built with. */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * `fetch` (Node's, or through the runner's proxy the one Octokit was given: octokit.ts) that reads the body
 * itself, up to `limit` bytes, and fails past it with BodyTooLarge, dropping the connection rather
 * than reading it to its end. The body is read here, not left to Octokit, because Octokit takes a
 * body it could not read for an empty one.
 */
export function cappedFetch(fetch: typeof globalThis.fetch, limit = GITHUB_BODY_LIMIT): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body || NO_BODY.has(response.status)) return response;
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    if (Number(response.headers.get('content-length') ?? 0) > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(limit);
    }
    const chunks: Uint8Array[] = [];
    let read = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
      if (read > limit) {
        await reader.cancel().catch(() => undefined);
        throw new BodyTooLarge(limit);
      }
      chunks.push(value);
    }
    const capped = new Response(Buffer.concat(chunks), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // Octokit reports the address it read; a new Response has none of its own.
    Object.defineProperty(capped, 'url', { value: response.url });
    return capped;
  };
}
