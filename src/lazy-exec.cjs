// Stands in for `@actions/exec` inside dist/index.js (see src/lazy.cjs): @actions/core imports it
// for getDetails(), which this action never calls, and it loads node:child_process and @actions/io.
// scripts/bundle.ts builds the real package on its own into dist/exec.cjs, so its code is not even
// read at start.
'use strict';

require('./lazy.cjs').defer(exports, () => require('./exec.cjs'), ['getExecOutput']);
