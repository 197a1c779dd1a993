// How to run this command again, for the hints that say how to pick a job up: `docs-agent` only
// when that name on the PATH is this very file. Started by `npm exec --package=…` the bin is on
// the PATH of that one run only, and started as `node …/index.js` it is not on it at all, so the
// hint then repeats what started it.
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** At most this many PATH entries are looked at: the PATH is the environment's, not ours. */
const MAX_PATH_ENTRIES = 200;

export function invocation(env: NodeJS.ProcessEnv, script: string | undefined): string {
  const own = script ? realpath(script) : undefined;
  if (own && env.npm_command !== 'exec') {
    for (const dir of (env.PATH ?? '').split(delimiter).slice(0, MAX_PATH_ENTRIES)) {
      if (dir && realpath(join(dir, 'docs-agent')) === own) return 'docs-agent';
    }
  }
  const spec = env.npm_config_package;
  if (env.npm_command === 'exec' && spec && !/[\s'"]/.test(spec))
    return `npm exec --yes --package=${spec} -- docs-agent`;
  if (!script) return 'docs-agent';
  return `node ${/[\s'"$]/.test(script) ? `'${script.replaceAll("'", "'\\''")}'` : script}`;
}

function realpath(path: string): string | undefined {
  try {
    return existsSync(path) ? realpathSync(path) : undefined;
  } catch {
    return undefined;
  }
}
