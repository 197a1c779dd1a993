// tsconfig.json's `paths` sends '@actions/http-client' to the untyped stand-in
// (src/lazy-http-client.cjs), which defers the real package: these are the real package's types of
// the one name this project's own code uses.
declare module '@actions/http-client' {
  import type { Agent } from 'node:http';

  export class HttpClient {
    constructor(
      userAgent?: string,
      handlers?: unknown[],
      requestOptions?: { allowRetries?: boolean; allowRedirects?: boolean; keepAlive?: boolean },
    );
    /** The agent for a URL: a tunnelling agent when the runner's proxy settings apply to it. */
    getAgent(serverUrl: string): Agent;
  }
}
