// markdown-it, evaluated on the first comment read rather than at every start: a CommonJS
// require() inside a function. From src/text/markdown-parser.ts, an ES module, `import` would
// evaluate it at start and `import()` would make every reading of a comment async. In dist/ the
// require reads dist/markdown-it.cjs, markdown-it built on its own (scripts/bundle.ts's `externals`),
// so that a run that reads no comment does not even parse it: `npm run bench` measured evaluating it
// at start at about 35 ms of CPU and 6 MiB, and parsing it inside dist/index.js at about 12 ms, each
// past issue 20's start-up bar (scripts/bundle.ts).
'use strict';

let markdownIt;
exports.loadMarkdownIt = () => (markdownIt ??= require('markdown-it'));
