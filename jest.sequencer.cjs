// The order jest's workers take the test files in: the longest first, so that no worker is left
// with a long file while the others idle at the end. Jest's own sequencer knows each file's time
// from its last run (its cache); on a fresh clone (CI) it has none and falls back to the file's
// size, which puts small files that run the shipped dist/ as child processes (the slowest there
// are) among the last. Without a cached time, those files go first here: the contract tests, and
// the files that run the demo, the command line and the documented commands.
const Sequencer = require('@jest/test-sequencer').default;

const CHILD_PROCESS_FILES = /(\.contract|\/(demo|cli|cli-core|cli-terminal|commands|local-action))\.test\.ts$/;

class LongestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const known = sorted.filter((test) => test.duration != null);
    const unknown = sorted.filter((test) => test.duration == null);
    // Stable: each group keeps the order jest gave it (by size).
    const first = unknown.filter((test) => CHILD_PROCESS_FILES.test(test.path));
    const rest = unknown.filter((test) => !CHILD_PROCESS_FILES.test(test.path));
    return [...known, ...first, ...rest];
  }
}

module.exports = LongestFirst;
