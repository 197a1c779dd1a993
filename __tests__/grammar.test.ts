import {
  checkDocumentName,
  checkFixedOutput,
  checkPullRequestLink,
  checkSourceLink,
  JOB_ID,
  OUTPUT_STATUSES,
  PR_NUMBER,
  sourceEntries,
  THREAD_ID,
} from '../src/text/grammar.ts';

const HOSTS = ['github.com', 'ghe.example.com'];

/** What a later step could do with a value: run it in a shell, or have the runner act on it. */
const SHELL_OR_RUNNER = /[$`;&|<>()'"\\\s!*?{}[\]]|::|##\[/;

describe('pull request links', () => {
  test.each([
    ['https://github.com/acme/docs/pull/1', 'https://github.com/acme/docs/pull/1', '1'],
    ['https://github.com/Acme-Corp/docs.site_v2/pull/1234567890', undefined, '1234567890'],
    ['https://GitHub.COM/acme/docs/pull/42/', 'https://github.com/acme/docs/pull/42', '42'],
    ['https://ghe.example.com/a/b/pull/3', undefined, '3'],
    [`https://github.com/${'o'.repeat(39)}/${'r'.repeat(100)}/pull/9`, undefined, '9'],
  ])('%s is rebuilt from its parts', (raw, link, number) => {
    expect(checkPullRequestLink(raw, HOSTS)).toEqual({ ok: true, value: { link: link ?? raw, number } });
  });

  test.each([
    // The report: shell syntax after the number, and its cousins in every part of the path.
    'https://github.com/acme/docs/pull/1$(touch$IFS/tmp/PWNED)',
    'https://github.com/acme/docs/pull/1`touch /tmp/x`',
    'https://github.com/acme/docs/pull/1;id',
    'https://github.com/acme/docs/pull/1&&id',
    'https://github.com/acme/docs/pull/1|id',
    'https://github.com/acme/docs/pull/1"',
    "https://github.com/acme/docs/pull/1'",
    'https://github.com/acme/do$(id)cs/pull/1',
    'https://github.com/ac$me/docs/pull/1',
    'https://github.com/acme/docs/pull/${IFS}1',
    // Runner commands, raw or escaped.
    'https://github.com/acme/docs/pull/1%0A::error::x',
    'https://github.com/acme/docs/pull/1::error::x',
    'https://github.com/acme/docs/pull/1##[error]x',
    // Queries and fragments, which carry anything.
    'https://github.com/acme/docs/pull/1?x=1',
    'https://github.com/acme/docs/pull/1#x##[error]boom',
    'https://github.com/acme/docs/pull/1#::error::x',
    // Not a pull request number.
    'https://github.com/acme/docs/pull/0',
    'https://github.com/acme/docs/pull/01',
    'https://github.com/acme/docs/pull/-1',
    'https://github.com/acme/docs/pull/1e3',
    'https://github.com/acme/docs/pull/12345678901',
    'https://github.com/acme/docs/pull/１',
    'https://github.com/acme/docs/pull/',
    // Not a pull request, or more after it.
    'https://github.com/acme/docs/issues/1',
    'https://github.com/acme/docs/pull/1/files',
    'https://github.com/acme/docs/pull/1//',
    'https://github.com/acme/docs/pull/1/../../../evil',
    'https://github.com/acme/pull/1',
    'https://github.com//acme/docs/pull/1',
    // Names GitHub would not allow.
    'https://github.com/-acme/docs/pull/1',
    `https://github.com/${'o'.repeat(40)}/docs/pull/1`,
    `https://github.com/acme/${'r'.repeat(101)}/pull/1`,
    'https://github.com/acme/../pull/1',
    'https://github.com/acme/./pull/1',
    'https://github.com/аcme/docs/pull/1', // a Cyrillic а
    'https://github.com/acme/do cs/pull/1',
    'https://github.com/acme/do\tcs/pull/1',
    'https://github.com/acme/do%20cs/pull/1',
    'https://github.com/ac_me/docs/pull/1',
    // Other hosts, schemes and authorities.
    'https://github.com@evil.example/acme/docs/pull/1',
    'https://user:pw@github.com/acme/docs/pull/1',
    'https://github.com:443/acme/docs/pull/1',
    'https://github.com.evil.example/acme/docs/pull/1',
    'https://github.com./acme/docs/pull/1',
    'https:///github.com/acme/docs/pull/1',
    'https://evil.example/acme/docs/pull/1',
    'http://github.com/acme/docs/pull/1',
    'HTTPS://github.com/acme/docs/pull/1',
    'https:\\\\github.com\\acme\\docs\\pull\\1',
    '//github.com/acme/docs/pull/1',
    'javascript:alert(1)//https://github.com/acme/docs/pull/1',
    // White space and line breaks anywhere.
    ' https://github.com/acme/docs/pull/1',
    'https://github.com/acme/docs/pull/1\n',
    'https://github.com/acme/docs/pull/1\n::error::x',
    `https://github.com/acme/docs/pull/${'1'.repeat(600)}`,
    '',
  ])('%j is refused', (raw) => {
    const checked = checkPullRequestLink(raw, HOSTS);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problem.length).toBeGreaterThan(0);
  });

  test('says what is wrong in words a log line can carry', () => {
    const problem = (raw: string): string => {
      const checked = checkPullRequestLink(raw, ['github.com']);
      return checked.ok ? '' : checked.problem;
    };
    expect(problem('https://github.com/acme/docs/pull/1$(id)')).toBe('has a pull request number that is not a number');
    expect(problem('https://github.com/acme/docs/pull/1#x')).toMatch(/^has a query or a fragment/);
    expect(problem('https://evil.example/a/b/pull/1')).toBe(
      'is not on this GitHub server (expected https://<host>/<owner>/<repo>/pull/<number> on github.com)',
    );
    expect(problem('https://github.com/ac$me/docs/pull/1')).toBe('names an owner that GitHub would not allow');
  });

  test('a rebuilt link holds nothing a shell or the runner would act on', () => {
    const checked = checkPullRequestLink('https://github.com/a-b/c.d_e-f/pull/5/', HOSTS);
    expect(checked.ok && checked.value.link).not.toMatch(SHELL_OR_RUNNER);
  });
});

describe('source links', () => {
  test.each([
    ['https://docs.example.com/deploy', 'https://docs.example.com/deploy'],
    ['HTTPS://Docs.Example.COM/Deploy', 'https://docs.example.com/Deploy'],
    ['https://docs.example.com', 'https://docs.example.com/'],
    ['http://docs.example.com/a', 'http://docs.example.com/a'],
    ['https://docs.example.com:8443/a', 'https://docs.example.com:8443/a'],
    ['https://docs.example.com:443/a', 'https://docs.example.com/a'],
    ['https://docs.example.com/guide/getting-started#install-the-cli', undefined],
    ['https://docs.example.com/a/%C3%A9t%C3%A9/~user/v1.2_x', undefined],
    ['https://docs.example.com/zh/快速开始', 'https://docs.example.com/zh/%E5%BF%AB%E9%80%9F%E5%BC%80%E5%A7%8B'],
    ['https://docs.example.com/a#%C3%A9', undefined],
    ['https://docs.example.com/search?q=deploy', undefined],
    ['https://docs.example.com/a?v=2.1_x#install', undefined],
    ['https://docs.example.com/a?print', undefined],
  ])('%s is rebuilt from its parts', (raw, url) => {
    expect(checkSourceLink(raw)).toEqual({ ok: true, value: url ?? raw });
  });

  test.each([
    // The report: a fragment carrying a legacy runner command.
    'https://docs.example.com/deploy#x##[error]boom',
    'https://docs.example.com/deploy#::error::x',
    'https://docs.example.com/deploy##[set-output name=x;]y',
    'https://docs.example.com/a::error::x',
    'https://docs.example.com/a%0A::warning::x',
    'https://docs.example.com/deploy#',
    // Shell syntax anywhere.
    'https://docs.example.com/$(touch /tmp/x)',
    'https://docs.example.com/$(touch$IFS/tmp/x)',
    'https://docs.example.com/a;id',
    'https://docs.example.com/a`id`',
    'https://docs.example.com/a|id',
    'https://docs.example.com/a&id',
    'https://docs.example.com/a>x',
    'https://docs.example.com/a"b',
    "https://docs.example.com/a'b",
    'https://docs.example.com/a\\b',
    'https://docs.example.com/a*',
    'https://docs.example.com/a!b',
    'https://docs.example.com/a{b,c}',
    'https://docs.example.com/a)b',
    'https://docs.example.com/${HOME}',
    'https://docs.example.com/a#$(id)',
    // Queries of more than one plain pair.
    'https://docs.example.com/a?a=1&b=2',
    'https://docs.example.com/a?x=::error::y',
    'https://docs.example.com/a?x=$(id)',
    'https://docs.example.com/a?x=a;id',
    'https://docs.example.com/a?x=1=2',
    'https://docs.example.com/a?=x',
    'https://docs.example.com/a?',
    'https://docs.example.com/a?x=##[error]y',
    'https://docs.example.com/a?x=1?y',
    // Authorities that are not a plain host.
    'https://user@docs.example.com/a',
    'https://user:pw@docs.example.com/a',
    'https://docs.example.com:0/a',
    'https://docs.example.com:99999/a',
    'https://docs.example.com:/a',
    'https://[::1]/a',
    'https://docs.exa$mple.com/a',
    'https://-docs.example.com/a',
    'https:///a',
    // Other schemes.
    'javascript:alert(1)',
    'ftp://docs.example.com/a',
    'data:text/html,<script>alert(1)</script>',
    '//docs.example.com/a',
    'file:///etc/passwd',
    // Paths that walk.
    'https://docs.example.com/a/../b',
    'https://docs.example.com/./a',
    // White space, line breaks, length.
    'https://docs.example.com/a b',
    'https://docs.example.com/a\nb',
    ' https://docs.example.com/a',
    'https://docs.example.com/a\u2028',
    `https://docs.example.com/${'a'.repeat(500)}`,
    '',
  ])('%j is refused', (raw) => {
    expect(checkSourceLink(raw).ok).toBe(false);
  });

  test('what passes holds nothing a shell or the runner would act on', () => {
    for (const raw of ['https://docs.example.com/zh/快速开始#安装', 'https://docs.example.com/a-b/c_d.e~f#g-h']) {
      const checked = checkSourceLink(raw);
      expect(checked.ok).toBe(true);
      if (checked.ok) expect(checked.value.replace(/^https?:\/\//, '')).not.toMatch(SHELL_OR_RUNNER);
    }
  });
});

describe('document names', () => {
  test.each(['deploy.md', 'guides/deploy.mdx', 'a_b-c.d/e'])('%j is a file name', (raw) => {
    expect(checkDocumentName(raw)).toEqual({ ok: true, value: raw });
  });

  test.each(['../secrets', 'a/../b', '/etc/passwd', 'https://x.example/a', 'a b', '$(id)', '`x`', '', 'x'.repeat(201)])(
    '%j is refused',
    (raw) => {
      expect(checkDocumentName(raw).ok).toBe(false);
    },
  );

  test('the sources output lists page addresses and document names once each', () => {
    const entries = sourceEntries([
      { url: 'https://docs.example.com/a' },
      { filename: 'guides/deploy.md' },
      { filename: '../escape' },
      { url: 'https://docs.example.com/a' },
      { filename: 'guides/deploy.md' },
    ]);
    expect(entries).toEqual(['https://docs.example.com/a', 'guides/deploy.md']);
    expect(checkFixedOutput('sources', JSON.stringify(entries), HOSTS)).toBeUndefined();
  });
});

describe('ids, numbers and statuses', () => {
  test.each(['job_1', '0b6c9e2e-5b1f-4a43-9d8e-3f1b2c3d4e5f', 'a--b.c_d', 'x'.repeat(128)])(
    'the job id %j is well-formed',
    (id) => expect(JOB_ID.test(id)).toBe(true),
  );

  test.each(['', 'job 1', '-job', '.job', 'job\n::add-mask::x', 'job$(id)', 'job:1', 'x'.repeat(129), 'jöb'])(
    'the job id %j is refused',
    (id) => expect(JOB_ID.test(id)).toBe(false),
  );

  test.each(['thread_1', 'urn:thread:1', 'T-1.2', '0b6c9e2e-5b1f-4a43-9d8e-3f1b2c3d4e5f'])(
    'the thread id %j is well-formed',
    (id) => expect(THREAD_ID.test(id)).toBe(true),
  );

  test.each([
    '::error::x',
    'a::b',
    '::add-mask::abc',
    'x::stop-commands::t',
    '-rf',
    ':thread',
    '##[error]x',
    '$(id)',
    'a b',
    'a\n',
    'a;b',
    'a/b',
    '`id`',
    'x'.repeat(129),
    '',
  ])('the thread id %j is refused', (id) => expect(THREAD_ID.test(id)).toBe(false));

  test.each([
    ['1', true],
    ['1234567890', true],
    ['0', false],
    ['01', false],
    ['-1', false],
    ['1.0', false],
    ['12345678901', false],
    ['1\n', false],
    ['', false],
  ])('the pull request number %j is well-formed: %s', (number, ok) => expect(PR_NUMBER.test(number)).toBe(ok));

  test('the status output takes only the statuses the action reports', () => {
    for (const status of OUTPUT_STATUSES) expect(checkFixedOutput('status', status, HOSTS)).toBeUndefined();
    for (const status of ['Completed', 'completed\n', 'done', '', '::error::x', 'active ']) {
      expect(checkFixedOutput('status', status, HOSTS)).toBeDefined();
    }
  });
});

describe('the output writer refuses what is not its grammar', () => {
  test.each([
    ['pr-link', 'https://github.com/acme/docs/pull/1$(touch$IFS/tmp/PWNED)'],
    ['pr-link', 'https://GitHub.com/acme/docs/pull/1'],
    ['pr-link', 'https://github.com/acme/docs/pull/1/'],
    ['pr-number', '1;id'],
    ['job-id', '$(id)'],
    ['thread-id', '::error::x'],
    ['sources', '["https://docs.example.com/deploy#x##[error]boom"]'],
    ['sources', '["https://docs.example.com/a?q=1&r=2"]'],
    ['sources', '[1]'],
    ['sources', '{"url":"https://docs.example.com/"}'],
    ['sources', '[ "https://docs.example.com/a" ]'],
    ['sources', 'not json'],
  ])('%s %j', (name, value) => {
    expect(checkFixedOutput(name, value, HOSTS)).toBeDefined();
  });

  test.each([
    ['pr-link', 'https://github.com/acme/docs/pull/1'],
    ['pr-link', ''],
    ['pr-number', '1'],
    ['job-id', 'job_1'],
    ['thread-id', ''],
    ['thread-id', 'thread_1'],
    ['sources', '[]'],
    ['sources', '["https://docs.example.com/deploy","https://docs.example.com/a#b"]'],
    ['message', 'free text $(is) text'],
  ])('%s %j is written', (name, value) => {
    expect(checkFixedOutput(name, value, HOSTS)).toBeUndefined();
  });
});
