/**
 * `npm run demo`: the action end to end on this machine, offline. It starts the service's
 * emulators and a fake of GitHub's API, runs the committed dist/index.js as the runner would in a
 * `uses:` step (Node 24, INPUT_ variables, the runner's files, the event's payload in a file), and
 * prints what a workflow log would show, each version of the comments the action writes, then the
 * outputs, the job summary and what the services received. `npm run demo -- --help` lists the
 * scenarios and options: the job's outcome, a webhook payload of one's own, ask mode, any input.
 */
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { ASSISTANT_KEY, DOMAIN, NAMED_FAULTS, type AssistantFault } from '../emulator/assistant/faults.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import type { Permission } from '../emulator/github/types.ts';
import type { JobOutcome } from '../emulator/types.ts';

/**
 * What a run needs beyond the options, loaded once they are read: the agent's and the assistant's
 * emulators (the latter loads the `ai` package), the fake GitHub and the runner's support (whose
 * 9 MB of webhook examples take a while to parse), so that --help and a usage error answer without
 * them.
 */
const loadRun = async () => {
  const [github, agent, assistant, runner] = await Promise.all([
    import('../emulator/github/index.ts'),
    import('../emulator/index.ts'),
    import('../emulator/assistant/index.ts'),
    import('../__tests__/support/runner.ts'),
  ]);
  return { ...github, ...agent, startAssistantEmulator: assistant.startAssistantEmulator, ...runner };
};
type Run = Awaited<ReturnType<typeof loadRun>>;

/** The outcomes a user can pick, and how the emulator's job ends for each. */
const OUTCOMES = {
  completed: 'pr',
  'no-change': 'no-change',
  failed: 'failed',
  archived: 'archived',
  // The job would open a pull request, but only after the action stopped waiting.
  slow: 'pr',
} as const satisfies Record<string, JobOutcome>;
type Outcome = keyof typeof OUTCOMES;

const PERMISSIONS: readonly Permission[] = ['admin', 'maintain', 'write', 'triage', 'read', 'none'];

const USAGE = `Usage: npm run demo -- [comment | ask | pull-request | release] [options]

Runs the action's dist/index.js as the runner does, against the service's emulators and a fake
GitHub API on 127.0.0.1, and prints the log, every version of the comments it writes, the outputs,
the job summary and the requests the service received. Nothing leaves this machine.

What happens (default: a workflow_dispatch run with a prompt):
  comment                 "/docs document the new --verbose flag of the CLI" commented on an issue
  ask                     two questions ("/docs ask …") on an issue, answered by the assistant
                          emulator from its fixture documentation site; mode: ask
  pull-request            pull-requests: follow for the life of one pull request: opened, two
                          pushes, merged (scripts/demo-pull-request.ts; takes --speed only)
  release                 ready-when: released: three pull requests merged, a release that
                          contains two (scripts/demo-release.ts; takes --speed only)
  --event <file>          a webhook payload of your own (JSON, as the runner's GITHUB_EVENT_PATH
                          holds; @octokit/webhooks-examples has real ones to copy and edit). Its
                          repository, issue and comment exist on the fake GitHub, with its ids.
  --event-name <name>     which event the payload is (default: told from the payload: a comment on
                          an issue is issue_comment, an issue alone issues, a pull request
                          pull_request, workflow_dispatch's inputs workflow_dispatch)

How the agent's job ends:
  --outcome <outcome>     completed (a pull request; default) | no-change | failed | archived |
                          slow (still working when the action stops waiting at timeout-minutes,
                          which is set to half of --job-seconds unless you give it)
  --job-seconds <n>       how long the agent works (default 5; 30 with comment or --event)
  --message <text>        the agent's final message
  --fault <kind>          ask mode: the next answer fails (repeatable): ${Object.keys(NAMED_FAULTS).join(' | ')}

The action:
  --input <name=value>    any input of action.yml (repeatable), e.g. --input trigger-label=docs.
                          project-id, api-key, base-url, domain and assistant-key point at the
                          emulators already.
  --permission <level>    the requester's permission on the fake GitHub: ${PERMISSIONS.join(' | ')}
                          (default write)
  --speed <n>             the action's waits (polls, retries, edits) n times shorter, 1 to 1000
                          (default 1; 10 with comment or --event)
  --help                  show this text

The demo exits with the action's exit code.`;

class UsageError extends Error {}

/** A webhook payload: outside input, read field by field. */
type Payload = Record<string, unknown>;

/** `value[key]` when value is an object, else undefined. */
function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

interface Options {
  scenario: 'dispatch' | 'comment' | 'ask';
  event?: { file: string; name: string; payload: Payload };
  outcome: Outcome;
  jobSeconds: number;
  message?: string;
  faults: AssistantFault[];
  inputs: Record<string, string>;
  permission: Permission;
  speed: number;
}

function number(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
    throw new UsageError(`--${name} must be a number from ${min} to ${max}, not '${value}'`);
  }
  return parsed;
}

function readPayload(file: string): Payload {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--event: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    throw new UsageError(`--event: ${file} is not JSON; give a webhook payload`);
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new UsageError(`--event: ${file} holds no JSON object; a webhook payload is one`);
  }
  return payload as Payload;
}

/** The event a payload is, from the fields GitHub sends with each; undefined when it cannot tell. */
function eventNameOf(payload: Payload): string | undefined {
  if (payload.comment && payload.issue) return 'issue_comment';
  if (payload.comment && payload.pull_request) return 'pull_request_review_comment';
  if (payload.comment && payload.discussion) return 'discussion_comment';
  if (payload.review && payload.pull_request) return 'pull_request_review';
  if (payload.issue) return 'issues';
  if (payload.pull_request) return 'pull_request';
  if (payload.discussion) return 'discussion';
  if (payload.release) return 'release';
  if (payload.schedule) return 'schedule';
  if (payload.head_commit !== undefined || payload.pusher) return 'push';
  if (payload.inputs !== undefined || payload.workflow !== undefined) return 'workflow_dispatch';
  return undefined;
}

async function parseOptions(argv: string[]): Promise<Options | 'help'> {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      event: { type: 'string' },
      'event-name': { type: 'string' },
      outcome: { type: 'string' },
      'job-seconds': { type: 'string' },
      message: { type: 'string' },
      fault: { type: 'string', multiple: true },
      input: { type: 'string', multiple: true },
      permission: { type: 'string' },
      speed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 1 || (positionals[0] !== undefined && !['comment', 'ask'].includes(positionals[0]))) {
    throw new UsageError(`Unknown scenario '${positionals.join(' ')}': give comment, ask or none`);
  }
  const scenario = (positionals[0] ?? 'dispatch') as Options['scenario'];
  if (values.outcome !== undefined && !(values.outcome in OUTCOMES)) {
    throw new UsageError(`--outcome must be one of ${Object.keys(OUTCOMES).join(', ')}, not '${values.outcome}'`);
  }
  if (values.permission !== undefined && !PERMISSIONS.includes(values.permission as Permission)) {
    throw new UsageError(`--permission must be one of ${PERMISSIONS.join(', ')}, not '${values.permission}'`);
  }
  const inputs: Record<string, string> = {};
  const actionInputs = values.input?.length ? (await import('../__tests__/support/runner.ts')).actionYaml.inputs : {};
  for (const pair of values.input ?? []) {
    const at = pair.indexOf('=');
    const name = at === -1 ? '' : pair.slice(0, at);
    if (!(name in actionInputs)) {
      throw new UsageError(
        `--input takes name=value with a name from action.yml (${Object.keys(actionInputs).join(', ')}), not '${pair}'`,
      );
    }
    inputs[name] = pair.slice(at + 1);
  }
  const faults = (values.fault ?? []).map((kind) => {
    const fault = NAMED_FAULTS[kind];
    if (!fault) throw new UsageError(`--fault must be one of ${Object.keys(NAMED_FAULTS).join(', ')}, not '${kind}'`);
    return structuredClone(fault);
  });
  let event: Options['event'];
  if (values.event !== undefined) {
    const payload = readPayload(values.event);
    const name = values['event-name'] ?? eventNameOf(payload);
    if (name === undefined) {
      throw new UsageError(`--event: cannot tell which event ${values.event} is; name it with --event-name`);
    }
    event = { file: values.event, name, payload };
  } else if (values['event-name'] !== undefined) {
    throw new UsageError('--event-name names the event of --event <file>: give the file too');
  }
  const watched = scenario === 'comment' || event !== undefined;
  const message = values.message;
  return {
    scenario,
    ...(event ? { event } : {}),
    outcome: (values.outcome ?? 'completed') as Outcome,
    jobSeconds: number('job-seconds', values['job-seconds'], 0.1, 3600) ?? (watched ? 30 : 5),
    ...(message !== undefined ? { message } : {}),
    faults,
    inputs,
    permission: (values.permission ?? 'write') as Permission,
    speed: number('speed', values.speed, 1, 1000) ?? (watched ? 10 : 1),
  };
}

/** Workflow commands as the runner's log shows them: groups folded open, masks and debug hidden. */
function asRunnerShowsIt(text: string): string {
  return text
    .split(/(?<=\n)/)
    .map((line) =>
      line
        .replace(/^::(add-mask|debug)::.*\n?$/, '')
        .replace(/^::endgroup::\n?$/, '')
        .replace(/^::group::/, '▸ ')
        .replace(/^::(error|warning|notice)::/, (_, level: string) => `${level[0]?.toUpperCase()}${level.slice(1)}: `),
    )
    .join('');
}

/**
 * One base URL for both emulators, as the service has: the assistant's paths go to the assistant
 * emulator, everything else to the agent's. So whatever the action decides to do with an event
 * (a `/docs ask` comment is a question in any mode), it reaches the right one.
 */
async function startService(agentUrl: string, assistantUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const target = (req.url ?? '/').startsWith('/discovery/') ? assistantUrl : agentUrl;
    // A connection per request: a kept-alive one could carry the rest of a stream a fault cut.
    const upstream = request(
      `${target}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        // A fault that cuts the emulator's answer cuts this one too.
        answer.on('aborted', () => res.destroy());
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The events the scenario plays, in order. */
function eventsOf(options: Options, { webhookPayload }: Run): { name: string; payload: Payload }[] {
  if (options.event) return [{ name: options.event.name, payload: options.event.payload }];
  if (options.scenario === 'dispatch')
    return [{ name: 'workflow_dispatch', payload: webhookPayload('workflow_dispatch') }];
  // A real payload; only the comment's text (and, for a second comment, its id) is ours.
  const comment = (body: string, nextTo?: Payload) => {
    const payload: Payload = webhookPayload('issue_comment', 'created');
    const written = payload.comment as { body: string; id: number };
    written.body = body;
    if (nextTo !== undefined) written.id = Number(field(nextTo.comment, 'id')) + 1;
    return { name: 'issue_comment', payload };
  };
  if (options.scenario === 'comment') return [comment('/docs document the new --verbose flag of the CLI')];
  const first = comment('/docs ask How do I deploy the site with an access token?');
  return [first, comment('/docs ask And how do I add a custom domain?', first.payload)];
}

/** Prints each new version of the comments the action writes, as it lands on the fake GitHub. */
function watchComments(github: FakeGitHub, started: number): () => void {
  const shown = new Map<number, string>();
  const show = (): void => {
    for (const comment of github.comments().filter((c) => c.user.type === 'Bot')) {
      if (shown.get(comment.id) === comment.body) continue;
      const what = shown.has(comment.id) ? 'edited' : 'new comment';
      shown.set(comment.id, comment.body);
      const at = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n┌── ${at} s: ${what} ${comment.id} on #${comment.issueNumber} ${'─'.repeat(30)}`);
      console.log(comment.body.replace(/^/gm, '│ '));
      console.log(`└${'─'.repeat(60)}`);
    }
  };
  const timer = setInterval(show, 50);
  return () => {
    clearInterval(timer);
    show();
  };
}

/** The reactions on the request, read back through the fake's REST API as a client would. */
async function reactionsOn(github: FakeGitHub, payload: Payload, { GITHUB_TOKEN }: Run): Promise<string | undefined> {
  const repo = `/repos/${github.owner}/${github.repo}`;
  const commentId = field(payload.comment, 'id');
  const issueNumber = field(payload.issue ?? payload.pull_request, 'number');
  const path =
    typeof commentId === 'number'
      ? `${repo}/issues/comments/${commentId}/reactions`
      : typeof issueNumber === 'number'
        ? `${repo}/issues/${issueNumber}/reactions`
        : undefined;
  if (path === undefined) return undefined;
  const answer = await fetch(`${github.url}${path}`, { headers: { authorization: `token ${GITHUB_TOKEN}` } });
  const reactions = (await answer.json()) as { content: string; user: { login: string } }[];
  return `${path}: ${reactions.map((r) => `${r.content} by ${r.user.login}`).join(', ') || 'none'}`;
}

async function main(options: Options): Promise<number> {
  const run = await loadRun();
  const { API_KEY, GITHUB_TOKEN, repositoryOf, runAction, startAssistantEmulator, startEmulator, startFakeGitHub } =
    run;
  const outcome = OUTCOMES[options.outcome];
  const [emulator, assistant] = await Promise.all([
    startEmulator({
      job: {
        durationMs: options.jobSeconds * 1000,
        outcome,
        ...(options.message !== undefined ? { finalMessage: options.message } : {}),
      },
    }),
    startAssistantEmulator(),
  ]);
  for (const fault of options.faults) assistant.fault(fault);
  const service = await startService(emulator.url, assistant.url);
  const events = eventsOf(options, run);
  const repository = repositoryOf(events[0]?.payload);
  const github = await startFakeGitHub({ token: GITHUB_TOKEN, ...repository });
  const started = Date.now();
  const stopWatching = watchComments(github, started);
  console.log(
    `Documentation Agent and Assistant emulators on ${service.url} (jobs take ${options.jobSeconds} s and end ` +
      `${options.outcome}); fake GitHub API for ${github.owner}/${github.repo} on ${github.url}; the action's ` +
      `waits ${options.speed === 1 ? 'as in a real run' : `${options.speed} times shorter`}.`,
  );
  let code = 0;
  try {
    for (const event of events) {
      const seeded = github.seedEvent(event.payload);
      if (seeded.requester !== undefined) github.setPermission(seeded.requester, options.permission);
      const inputs: Record<string, string> = {
        'project-id': 'demo-project',
        'api-key': API_KEY,
        'base-url': service.url,
        domain: DOMAIN,
        'assistant-key': ASSISTANT_KEY,
        ...(options.scenario === 'ask' ? { mode: 'ask' } : {}),
        ...(options.scenario === 'dispatch' && !options.event
          ? { prompt: 'Document the new --verbose flag of the CLI.' }
          : {}),
        // Half the job's time: the action stops waiting while the agent still works.
        ...(options.outcome === 'slow' ? { 'timeout-minutes': String(options.jobSeconds / 2 / 60) } : {}),
        ...options.inputs,
      };
      const who = seeded.requester !== undefined ? ` by ${seeded.requester} (${options.permission})` : '';
      const body = field(event.payload.comment, 'body');
      const text = typeof body === 'string' ? `: "${body}"` : '';
      console.log(`\nRun: Docs Agent (uses: ./) on ${event.name}${who}${text}\n`);
      const result = await runAction({
        event,
        inputs,
        env: {
          GITHUB_API_URL: github.url,
          GITHUB_REPOSITORY: `${github.owner}/${github.repo}`,
          ...(seeded.requester !== undefined ? { GITHUB_ACTOR: seeded.requester } : {}),
          DOCS_AGENT_DELAY_SCALE: options.speed === 1 ? '' : String(1 / options.speed),
          RUNNER_DEBUG: '',
        },
        echo: (chunk) => process.stdout.write(asRunnerShowsIt(chunk).replace(/^(?=.)/gm, '  log │ ')),
        killAfterMs: Math.max(120_000, options.jobSeconds * 2_000 + 60_000),
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      console.log(`\nExit code: ${result.code}`);
      console.log('Outputs:');
      for (const [name, value] of Object.entries(result.outputs))
        console.log(`  ${name}: ${value.replace(/\n/g, '\n    ')}`);
      // The summary is markdown for GitHub to render; a terminal shows its text without the
      // backslashes that keep punctuation literal there (`\:` reads as `:`).
      const summary = result.summary.replace(/\\([!-/:-@[-`{-~])/g, '$1');
      if (summary.trim() !== '') console.log(`Job summary (GITHUB_STEP_SUMMARY):\n${summary.replace(/^/gm, '  ')}`);
      const reactions = await reactionsOn(github, event.payload, run);
      if (reactions !== undefined) console.log(`Reactions on the request: ${reactions}`);
      code = result.code ?? 1;
      if (code !== 0) break;
    }
    stopWatching();
    const calls = [
      ...emulator.requests.map((r) => `${r.method} ${r.path}`),
      ...assistant.requests.map(
        (r) => `POST ${r.path} threadId=${typeof r.body.threadId === 'string' ? r.body.threadId : '(new)'}`,
      ),
    ];
    console.log(`\nRequests the service received (${calls.length}):\n  ${calls.join('\n  ')}`);
  } finally {
    stopWatching();
    await Promise.all([service.close(), emulator.close(), assistant.close(), github.close()]);
  }
  return code;
}

let options: Options | 'help';
// The life of a pull request is a scenario of its own (scripts/demo-pull-request.ts).
if (process.argv[2] === 'pull-request') {
  const { values } = parseArgs({ args: process.argv.slice(3), options: { speed: { type: 'string' } } });
  const { playPullRequest } = await import('./demo-pull-request.ts');
  process.exit(await playPullRequest(number('speed', values.speed, 1, 1000) ?? 10));
}
// Docs that ship with the release are a scenario of their own (scripts/demo-release.ts).
if (process.argv[2] === 'release') {
  const { values } = parseArgs({ args: process.argv.slice(3), options: { speed: { type: 'string' } } });
  const { playRelease } = await import('./demo-release.ts');
  process.exit(await playRelease(number('speed', values.speed, 1, 1000) ?? 10));
}
try {
  options = await parseOptions(process.argv.slice(2));
} catch (error) {
  // parseArgs throws TypeErrors for unknown or malformed options: usage errors as well.
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
}
if (options === 'help') console.log(USAGE);
else process.exitCode = await main(options);
