// Start-up cost is paid by every run, so modules that only some runs use are evaluated on first
// use: src/lazy-*.cjs stand in for them in dist/index.js (tsconfig.json's `paths`).
'use strict';

/**
 * Defines each name on `target` as a getter that loads the real module the first time any name is
 * read. A getter, not a copy: the bundle reads e.g. `ProxyAgent` when it needs one and gets the
 * real class; webpack reads an imported name at its use, not at import.
 */
exports.defer = (target, load, names) => {
  let real;
  for (const name of names) {
    Object.defineProperty(target, name, { enumerable: true, get: () => (real ??= load())[name] });
  }
};
