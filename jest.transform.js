// How jest reads the TypeScript of src/, the tests and the emulators: Node's own type stripping
// (node:module stripTypeScriptTypes, in the Node 24 that `npm test` runs). Every file is erasable
// TypeScript (tsconfig.json's erasableSyntaxOnly, held by `npm run typecheck`), so stripping is the
// whole transform: each type is replaced by blanks, every line and column stays where it was, and
// the coverage of src/ needs no source map. `npm run typecheck` checks the types; this only runs them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';

// A change of Node (its stripper) or of this file makes jest transform everything anew.
const VERSION = createHash('sha256')
  .update(process.version)
  .update(readFileSync(new URL(import.meta.url), 'utf8'))
  .digest('hex');

export default {
  getCacheKey(source, path) {
    return createHash('sha256').update(VERSION).update(path).update('\0').update(source).digest('hex');
  },
  process(source) {
    return { code: stripTypeScriptTypes(source, { mode: 'strip' }) };
  },
};
