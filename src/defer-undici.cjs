// tsconfig.json's `paths` sends every `import … from 'undici'` of the bundled packages here, and
// this loads undici on the first use of any of its names: see scripts/bundle.ts for why.
// `undici/index.js` is the real package (`paths` maps the bare name only).
'use strict';

let undici;
module.exports = new Proxy({}, { get: (_, name) => (undici ??= require('undici/index.js'))[name] });
