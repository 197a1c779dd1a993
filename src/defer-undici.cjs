// tsconfig.json's `paths` sends every `import … from 'undici'` of the bundled packages here: this
// requires undici, built on its own into dist/undici.cjs, on the first use of any of its names.
// scripts/bundle.ts says why. A Proxy rather than a list of names: a dependency that starts using
// another name of undici gets it.
'use strict';

let undici;
module.exports = new Proxy({}, { get: (_, name) => (undici ??= require('./undici.cjs'))[name] });
