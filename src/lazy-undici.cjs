// Stands in for the `undici` package inside dist/index.js (tsconfig.json's `paths` sends every
// `import … from 'undici'` of the bundled packages here). Evaluating undici costs about 30 ms and
// 7 MiB at every start, yet only a run behind a proxy uses it (@actions/http-client's ProxyAgent,
// and @actions/github's proxied fetch). So the real undici is built on its own into
// dist/undici.cjs (see the bundle script) and required on first use of one of these names.
//
// Exactly the names the bundled packages import: __tests__/lazy-undici.test.ts fails when an update
// imports another one, so that a proxy can never turn into `undefined` at run time.
'use strict';

let undici;
// A getter, not a copy: the bundle reads `ProxyAgent` when it constructs one, and gets the real class.
const real = () => (undici ??= require('./undici.cjs'));

for (const name of ['ProxyAgent', 'fetch']) {
  Object.defineProperty(exports, name, { enumerable: true, get: () => real()[name] });
}
