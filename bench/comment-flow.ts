// The comment flow: a `/docs` comment on an issue, the run that reacts, creates the job, keeps a
// progress comment and reports. It needs Octokit, and so undici, which dist/index.js loads on first
// use (src/lazy-undici.cjs): this measures that deferring it did not make this flow slower, against
// a baseline build when one is given (bench/alternatives.ts). Spawn to exit of whole runs, the job
// ending at once and waits scaled down, interleaved.
import { startEmulator } from '../emulator/index.ts';
import { startFakeGitHub } from '../emulator/github/index.ts';
import type { Emulator } from '../emulator/index.ts';
import type { FakeGitHub } from '../emulator/github/index.ts';
import { GITHUB_TOKEN, webhookPayload } from '../__tests__/support/runner.ts';
import { actionEnv, DIST_ENTRY, expectExit, interleave, runNode, type Candidate } from './child.ts';
import { differences, preciseNow, spread, type Spread } from './stats.ts';
import { WARM_UP_ROUNDS } from './startup.ts';

export interface CommentFlowResult {
  rounds: number;
  actionMs: Spread;
  /** Each other build, with its own figures and the action minus it, per round. */
  candidates: { name: string; ms: Spread; actionMinusMs: Spread }[];
}

const DELAY_SCALE = 0.01;

export async function measureCommentFlow(
  rounds: number,
  candidates: readonly Candidate[] = [],
): Promise<CommentFlowResult> {
  const [emulator, github] = await Promise.all([
    startEmulator({ now: preciseNow, rateLimitPerHour: 1_000_000, job: { durationMs: 0, outcome: 'pr' } }),
    startFakeGitHub({ token: GITHUB_TOKEN }),
  ]);
  try {
    const kinds = [DIST_ENTRY, ...candidates.map((c) => c.script)].map(
      (script, i) => () => commentRun(emulator, github, script, i === 0 ? 'action' : candidates[i - 1]!.name),
    );
    await interleave(WARM_UP_ROUNDS, kinds);
    const [action = [], ...others] = await interleave(rounds, kinds);
    return {
      rounds,
      actionMs: spread(action),
      candidates: candidates.map((c, i) => ({
        name: c.name,
        ms: spread(others[i]!),
        actionMinusMs: spread(differences(action, others[i]!)),
      })),
    };
  } finally {
    await Promise.all([emulator.close(), github.close()]);
  }
}

/** The fields of an issue_comment payload this sets. */
interface CommentPayload {
  issue: { number: number };
  comment: { id: number; body: string; user: Record<string, unknown> };
}

/** One whole comment run; checks that it reported on the issue, so a quick failure is not timed. */
async function commentRun(emulator: Emulator, github: FakeGitHub, script: string, what: string): Promise<number> {
  emulator.reset();
  github.reset();
  github.setPermission('Codertocat', 'write');
  const payload = webhookPayload('issue_comment', 'created') as CommentPayload;
  const body = '/docs document the new --verbose flag';
  const seeded = github.addComment(payload.issue.number, body, 'Codertocat');
  payload.comment = { ...payload.comment, id: seeded.id, body, user: { ...payload.comment.user, ...seeded.user } };
  const env = actionEnv(
    emulator.url,
    DELAY_SCALE,
    { GITHUB_API_URL: github.url },
    {
      name: 'issue_comment',
      payload,
    },
  );
  const run = expectExit(await runNode(script, { env }), `${what} (comment flow)`);
  const reported = github.comments(payload.issue.number).some((c) => c.user.type === 'Bot' && c.body.includes('✅'));
  if (!reported) throw new Error(`${what} (comment flow) did not report the pull request on the issue`);
  return run.exitAt - run.spawnAt;
}
