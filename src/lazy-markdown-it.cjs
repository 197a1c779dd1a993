// Stands in for `markdown-it` inside dist/index.js (tsconfig.json's `paths`). Only a run that reads
// a comment or an issue body parses markdown (src/github/markdown.ts), and evaluating markdown-it
// and its entity tables costs about 30 ms and 5 MiB, so scripts/bundle.ts builds it on its own into
// dist/markdown-it.cjs, required on first use. src/ takes the class as the namespace's `default`
// (`import * as markdownIt`), a name this stand-in can defer; `__esModule` tells the bundle's
// interop to read `default` from here rather than take the whole module for it.
// __tests__/lazy-modules.test.ts checks that these are all the names imported.
'use strict';

Object.defineProperty(exports, '__esModule', { value: true });
require('./lazy.cjs').defer(exports, () => require('./markdown-it.cjs'), ['default']);
