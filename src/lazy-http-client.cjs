// Stands in for `@actions/http-client` inside dist/index.js (tsconfig.json's `paths`). @actions/core
// imports it at load for OIDC tokens, which this action never asks for, and evaluating it loads
// node:https (TLS and crypto: about 7 ms and 5 MiB) for every run. The service client only needs it
// behind a proxy (src/service/transport.ts), and Octokit only when a run talks to GitHub. scripts/bundle.ts
// builds the real package (with tunnel, behind its own stand-in) on its own into
// dist/http-client.cjs, required on the first read of a name, so dist/index.js does not carry its
// code. __tests__/lazy-modules.test.ts checks these are the names imported.
'use strict';

require('./lazy.cjs').defer(exports, () => require('./http-client.cjs'), ['HttpClient']);
