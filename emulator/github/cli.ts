// Command-line entry: `node emulator/github/cli.ts [--port 8788] [--permission octocat=write]`.
// A fake of GitHub's REST API for trying a workflow's comment flow locally: point the action's
// GITHUB_API_URL at the address it prints. Serves until SIGINT or SIGTERM.
import { parseArgs } from 'node:util';
import { PORT_MAX, UsageError, integerOption, runCommandLine } from '../command-line.ts';
import { startFakeGitHub } from './index.ts';
import type { FakeGitHubOptions, Permission } from './types.ts';

const PERMISSIONS: readonly Permission[] = ['admin', 'maintain', 'write', 'triage', 'read', 'none'];

const USAGE = `Usage: node emulator/github/cli.ts [options]

  --port <n>                 port on 127.0.0.1 (default 0: any free port)
  --owner <login>            the repository's owner (default Codertocat)
  --repo <name>              the repository's name (default Hello-World)
  --token <token>            the token requests must carry (default ghs_test_token)
  --permission <user=level>  a collaborator's permission: ${PERMISSIONS.join(' | ')} (repeatable)
  --help                     show this text

It serves what the action calls: an issue, its comments (list, create, edit), reactions on an
issue or comment (add, remove), a collaborator's permission and a pull request's files; other
operations of GitHub's API answer 501. Every issue number exists; comments, reactions and
permissions live in memory. Requests are checked against GitHub's OpenAPI description and refused
as GitHub would refuse them. Writes are made as github-actions[bot].`;

interface CliOptions {
  github: FakeGitHubOptions;
  permissions: [string, Permission][];
}

function parseOptions(argv: string[]): CliOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      owner: { type: 'string' },
      repo: { type: 'string' },
      token: { type: 'string' },
      permission: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const github: FakeGitHubOptions = {};
  const port = integerOption('port', values.port, PORT_MAX);
  if (port !== undefined) github.port = port;
  if (values.owner !== undefined) github.owner = values.owner;
  if (values.repo !== undefined) github.repo = values.repo;
  if (values.token !== undefined) github.token = values.token;
  const permissions = (values.permission ?? []).map((pair): [string, Permission] => {
    const [user = '', level = ''] = pair.split('=');
    if (!user || !PERMISSIONS.includes(level as Permission)) {
      throw new UsageError(`--permission takes user=level with a level of ${PERMISSIONS.join(', ')}`);
    }
    return [user, level as Permission];
  });
  return { github, permissions };
}

await runCommandLine({
  usage: USAGE,
  parse: parseOptions,
  name: 'the fake GitHub',
  async start(options: CliOptions) {
    const github = await startFakeGitHub(options.github);
    for (const [user, level] of options.permissions) github.setPermission(user, level);
    return {
      listening: `fake GitHub API for ${github.owner}/${github.repo} listening on ${github.url}`,
      close: () => github.close(),
    };
  },
});
