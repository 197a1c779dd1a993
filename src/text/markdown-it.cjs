// markdown-it, evaluated on the first comment read rather than at every start: a CommonJS
// require() inside a function, which ncc bundles into dist/index.js as a module that runs on its
// first require only. From src/text/markdown-parser.ts, an ES module, `import` would evaluate it at start
// and `import()` would make every reading of a comment async. `npm run bench` measured evaluating
// it at start at about 35 ms of CPU and 6 MiB, which took dist/ past issue 20's start-up bar
// (scripts/bundle.ts).
'use strict';

let markdownIt;
exports.loadMarkdownIt = () => (markdownIt ??= require('markdown-it'));
