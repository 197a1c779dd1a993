// The job summary as a reader sees it: built by @actions/core's own summary class (through the
// fake runner) and rendered as GitHub renders markdown (support/render.ts).
import type { Job, Session } from '../src/service/client.ts';
import { decideOutcome, errorOutcome, startedOutcome } from '../src/outcome/decide.ts';
import type { Outcome } from '../src/outcome/outcome.ts';
import { writeSummary } from '../src/agent/summary.ts';
import { FakeRunner } from './support/fake-runner.ts';
import { render } from './support/render.ts';

const LINK = 'https://github.com/acme/docs/pull/42';
const job = (fields: Partial<Job> = {}): Job => ({ id: 'job_1', status: 'completed', prLink: null, ...fields });

async function summaryOf(outcome: Outcome): Promise<ReturnType<typeof render>> {
  const runner = new FakeRunner();
  await writeSummary(runner.summary(), outcome, 65_000);
  expect(runner.summaries).toHaveLength(1);
  return render(runner.summaries[0] ?? '');
}

describe('the job summary', () => {
  test.each<[string, Outcome, string]>([
    [
      'a pull request',
      decideOutcome({ job: job({ prLink: LINK }), end: 'terminal' }, { elapsedMs: 1 }),
      `Job job_1 opened a pull request: ${LINK}`,
    ],
    [
      'a rejected link',
      decideOutcome(
        {
          job: job({ rejectedPrLink: 'https://evil.example/a_b/c', prLinkProblem: 'is not on this GitHub server' }),
          end: 'terminal',
        },
        { elapsedMs: 1 },
      ),
      'Job job_1 completed, but the pull request link it reported is not on this GitHub server, so it was not used: https://evil.example/a_b/c',
    ],
    [
      'no change',
      decideOutcome({ job: job(), end: 'terminal' }, { elapsedMs: 1 }),
      'Job job_1 completed without opening a pull request: no files needed to change, or the service committed directly to the deploy branch.',
    ],
    [
      'a failure',
      decideOutcome(
        { job: job({ status: 'failed' }), end: 'terminal' },
        { elapsedMs: 1, agentMessage: 'Could not push: *denied* [x](y)' },
      ),
      'Job job_1 failed: Could not push: *denied* [x](y)',
    ],
    [
      'a timeout',
      decideOutcome({ job: job({ status: 'active' }), end: 'deadline' }, { elapsedMs: 65_000 }),
      'Stopped waiting after 1m 5s (timeout-minutes); job job_1 is still active and continues on the service.',
    ],
    [
      'wait: false',
      startedOutcome(job({ status: 'active' })),
      'Job job_1 is active; not waiting for it (wait: false).',
    ],
    [
      'an error',
      errorOutcome("The service refused the API key (HTTP 401: bad_key). Check the 'api-key' input.", undefined),
      "The service refused the API key (HTTP 401: bad_key). Check the 'api-key' input.",
    ],
  ])('after %s shows its message as written, without escapes', async (_name, outcome, message) => {
    const { text } = await summaryOf(outcome);
    expect(text.split('\n')).toContain(message);
    expect(text).not.toContain('\\');
  });

  test('links the pull request and shows the table as a table', async () => {
    const rendered = await summaryOf(decideOutcome({ job: job({ prLink: LINK }), end: 'terminal' }, { elapsedMs: 1 }));
    expect(rendered.html).toMatch(/^<h3>The documentation agent opened a pull request<\/h3>\n<table>/);
    expect(rendered.text.split('\n')).toContain(`completed | ${LINK} | job_1 | 1m 5s`);
    // The table's link, and the message's address as plain text: no second, autolinked copy.
    expect(rendered.links).toEqual([LINK]);
  });

  test("the agent's title, message and plan show as written, and nothing in them is live", async () => {
    const session: Session = {
      title: 'Document <b>x</b> & @octocat',
      messageToUser: 'See https://evil.example/x, @octocat, #12 and <img src=x> or [a](javascript:alert(1)) *now*',
      todos: [
        { content: 'Read <i>it</i> & [link](https://evil.example)', status: 'completed' },
        { content: 'Write it', status: 'in_progress' },
      ],
    };
    const outcome = { ...decideOutcome({ job: job({ prLink: LINK }), end: 'terminal' }, { elapsedMs: 1 }), session };
    const rendered = await summaryOf(outcome);
    const lines = rendered.text.split('\n');
    expect(lines).toContain('Document <b>x</b> & @octocat');
    expect(lines).toContain(
      'See https://evil.example/x, @octocat, #12 and <img src=x> or [a](javascript:alert(1)) *now*',
    );
    expect(lines).toContain('Read <i>it</i> & [link](https://evil.example) | ✅ done');
    expect(lines).toContain('Write it | 🔄 in progress');
    expect(rendered.links).toEqual([LINK]);
    expect(rendered.images).toEqual([]);
    expect(rendered.html).not.toMatch(/<(b|i|img|em)\b/);
    // GitHub links mentions and references in markdown text: a zero-width space after @ and # stops it.
    const quoted = /<blockquote>([\s\S]*)<\/blockquote>/.exec(rendered.html)?.[1] ?? '';
    expect(quoted).toContain('octocat');
    expect(quoted).not.toMatch(/@octocat|#12/);
  });
});
