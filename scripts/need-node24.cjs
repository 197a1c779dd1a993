// The npm scripts run TypeScript files directly, which Node 24 does (type stripping); an older
// Node stops at the first file with ERR_UNKNOWN_FILE_EXTENSION, which says nothing of the cause.
// This runs first in those scripts, in plain CommonJS so that any Node can run it, and says what
// is needed instead. `npm ci` brings Node 24 itself (the dev dependency `node`, which installs the
// build for this system) and npm puts it first on the PATH of every script.
'use strict';
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  const script = process.env.npm_lifecycle_event ? `npm run ${process.env.npm_lifecycle_event}` : 'This script';
  process.stderr.write(
    `${script} needs Node 24: it runs TypeScript files directly, and this is Node ${process.versions.node}.\n` +
      'Run `npm ci` first (it installs Node 24 for the npm scripts), or install Node 24 yourself (.node-version names it) ' +
      'and run the command again. CONTRIBUTING.md says more.\n',
  );
  process.exit(1);
}
