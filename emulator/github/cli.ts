// Command-line entry: `npm run fake-github -- [--port 8788] [--permission octocat=write] [--event payload.json]`.
// A fake of GitHub's REST API for trying a workflow's comment flow locally: point the action's
// GITHUB_API_URL at the address it prints. Serves until SIGINT or SIGTERM.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PORT_MAX, UsageError, integerOption, runCommandLine } from '../command-line.ts';
import { repositoryOf, startFakeGitHub } from './index.ts';
import type { FakeGitHubOptions, Permission } from './types.ts';

const PERMISSIONS: readonly Permission[] = ['admin', 'maintain', 'write', 'triage', 'read', 'none'];

const USAGE = `Usage: npm run fake-github -- [options]

  --port <n>                 port on 127.0.0.1 (default 0: any free port)
  --event <file>             a webhook payload (JSON), the one the action reads as GITHUB_EVENT_PATH:
                             its repository is the fake's, and its issue and comment exist with
                             their own ids, text and authors
  --owner <login>            the repository's owner (default: the event's, else Codertocat)
  --repo <name>              the repository's name (default: the event's, else Hello-World)
  --token <token>            the token requests must carry (default ghs_test_token)
  --permission <user=level>  a collaborator's permission: ${PERMISSIONS.join(' | ')} (repeatable;
                             anyone else can read, as in a public repository)
  --help                     show this text

It serves what the action calls: an issue, its comments (list, create, edit), reactions on an
issue or comment (list, add, remove), a collaborator's permission and a pull request's files; other
operations of GitHub's API answer 501. Every issue number exists, and so does every comment a
reaction names (the event's, say); comments, reactions and permissions live in memory. Requests
are checked against GitHub's OpenAPI description and refused as GitHub would refuse them. Writes
are made as github-actions[bot].`;

interface CliOptions {
  github: FakeGitHubOptions;
  permissions: [string, Permission][];
  event?: { file: string; payload: unknown };
}

/** The payload of --event, read and parsed, or a usage error that names the file. */
function readEvent(file: string): unknown {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--event: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new UsageError(
      `--event: ${file} is not JSON; give a webhook payload, as the runner's GITHUB_EVENT_PATH holds`,
    );
  }
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
      event: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const github: FakeGitHubOptions = {};
  const port = integerOption('port', values.port, PORT_MAX);
  if (port !== undefined) github.port = port;
  const event = values.event === undefined ? undefined : { file: values.event, payload: readEvent(values.event) };
  const fromEvent = repositoryOf(event?.payload);
  const owner = values.owner ?? fromEvent.owner;
  const repo = values.repo ?? fromEvent.repo;
  if (owner !== undefined) github.owner = owner;
  if (repo !== undefined) github.repo = repo;
  if (values.token !== undefined) github.token = values.token;
  const permissions = (values.permission ?? []).map((pair): [string, Permission] => {
    const [user = '', level = ''] = pair.split('=');
    if (!user || !PERMISSIONS.includes(level as Permission)) {
      throw new UsageError(`--permission takes user=level with a level of ${PERMISSIONS.join(', ')}`);
    }
    return [user, level as Permission];
  });
  return event === undefined ? { github, permissions } : { github, permissions, event };
}

await runCommandLine({
  usage: USAGE,
  parse: parseOptions,
  name: 'the fake GitHub',
  async start(options: CliOptions) {
    const github = await startFakeGitHub(options.github);
    for (const [user, level] of options.permissions) github.setPermission(user, level);
    if (options.event) {
      const seeded = github.seedEvent(options.event.payload);
      const what = [
        seeded.issue !== undefined ? `issue #${seeded.issue}` : undefined,
        seeded.comment !== undefined ? `comment ${seeded.comment}` : undefined,
      ].filter((part) => part !== undefined);
      console.log(`from ${options.event.file}: ${what.length > 0 ? what.join(' and ') : 'no issue or comment'}`);
      if (seeded.requester !== undefined && !options.permissions.some(([user]) => user === seeded.requester)) {
        console.log(
          `${seeded.requester} can read, as anyone; to let them start a job: --permission ${seeded.requester}=write`,
        );
      }
    }
    return {
      listening: `fake GitHub API for ${github.owner}/${github.repo} listening on ${github.url}`,
      close: () => github.close(),
    };
  },
});
