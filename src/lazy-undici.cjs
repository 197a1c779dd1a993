// Stands in for `undici` inside dist/index.js and dist/http-client.cjs: tsconfig.json's `paths` sends every
// `import … from 'undici'` of the bundled packages here. Evaluating undici costs about 30 ms and
// 7 MiB, yet only Octokit's requests and a run behind a proxy use it (@actions/github's fetch,
// @actions/http-client's ProxyAgent). So scripts/bundle.ts builds the real undici on its own into
// dist/undici.cjs, which the bundle leaves external, and it is required on first use of a name.
// __tests__/lazy-modules.test.ts checks that these are all the names the bundled packages import.
'use strict';

require('./lazy.cjs').defer(exports, () => require('./undici.cjs'), ['ProxyAgent', 'fetch']);
