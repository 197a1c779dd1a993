// tsconfig.json's `paths` sends `import … from 'markdown-it'` here: this requires markdown-it, built
// on its own into dist/markdown-it.cjs, when its class is first used. Only a run that reads a
// comment or an issue body parses markdown (src/text/markdown.ts), and evaluating markdown-it and
// its entity tables costs about 30 ms and 5 MiB at every start otherwise (scripts/bundle.ts).
// src/ takes the class as the namespace's `default` (`import * as markdownIt`); `__esModule` tells
// the bundle's interop to read `default` from here, on use, rather than load the module for it.
'use strict';

let markdownIt;
const load = () => (markdownIt ??= require('./markdown-it.cjs'));
Object.defineProperty(exports, '__esModule', { value: true });
Object.defineProperty(exports, 'default', { enumerable: true, get: () => load().default ?? load() });
