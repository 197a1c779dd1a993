// Stands in for `@actions/exec` inside dist/index.js (see src/lazy.cjs): @actions/core imports it
// for getDetails(), which this action never calls, and it loads node:child_process and @actions/io.
'use strict';

require('./lazy.cjs').defer(exports, () => require('../node_modules/@actions/exec/lib/exec.js'), ['getExecOutput']);
