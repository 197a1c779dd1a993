// Stands in for the built-in `crypto` inside dist/index.js. @actions/core imports it at load for
// randomUUID(), the delimiter of a file command's value, and loading it costs about 3 ms and 1 to 2
// MiB (OpenSSL's set-up) before anything is sent. Built-ins are externals before tsconfig.json's
// `paths` applies, so scripts/bundle.ts builds this file on its own into dist/lazy-crypto.cjs and
// points the bundle's `crypto` there. `node:crypto`, which src/ uses, is not affected.
// __tests__/lazy-modules.test.ts checks that these are all the names the bundled packages import.
'use strict';

require('./lazy.cjs').defer(exports, () => require('node:crypto'), ['randomUUID']);
