// The post step's entry: action.yml's `runs.post` is dist/post.js, this file as scripts/bundle.ts
// copies it. It says which step runs and loads the one bundle, dist/index.js, which is the main
// step's entry. Which step runs is decided by the file the runner starts, never by state a main
// step saved: a main step cancelled before it saved anything would otherwise leave a post step
// that takes itself for a main step and starts the work again (src/index.ts).
'use strict';

globalThis[Symbol.for('docs-agent-action.post-step')] = true;
require('./index.js');
