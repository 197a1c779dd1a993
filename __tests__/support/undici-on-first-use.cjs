// jest.config.js maps `undici` here. @actions/http-client (both copies) and @actions/github import
// undici at load, for a ProxyAgent and a fetch that only a proxy needs (src/github/octokit.ts takes
// Node's fetch otherwise), and jest evaluates every package anew in each test file: undici is some
// 0.7 MB of JavaScript, about 80 ms of CPU a file. As the bundle's stand-in (src/defer-undici.cjs)
// does, this requires the real package on the first use of one of its names. CommonJS, so that both
// require() and import get it. It has the names those packages use; an ES import of another fails at
// link time, and a require()'s caller gets undefined, loudly on use.
'use strict';

const { join } = require('node:path');

// By its path: the bare name would come back here.
const path = join(__dirname, '../../node_modules/undici/index.js');
let undici;
const real = () => (undici ??= require(path));

exports.fetch = (...args) => real().fetch(...args);
exports.ProxyAgent = function ProxyAgent(...args) {
  return new (real().ProxyAgent)(...args);
};
