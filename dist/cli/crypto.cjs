// node:crypto, required on the first use of any of its names (scripts/bundle.ts says why).
'use strict';

let builtin;
module.exports = new Proxy({}, { get: (_, name) => (builtin ??= require('node:crypto'))[name] });
