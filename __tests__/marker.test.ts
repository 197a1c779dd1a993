import { readMarker, renderMarker, type Marker } from '../src/github/marker.ts';

const scope = { key: 'svc_test_admin_key_0123456789', repository: 'o/r', issueNumber: 7 };

/** One marker of each kind, and the line it must be written as (the lines already on GitHub). */
const KINDS: [Marker, RegExp][] = [
  [
    { kind: 'progress', jobId: 'job_1', triggers: ['c5', 'r9'] },
    /^<!-- docs-agent-action job=job_1 triggers=c5,r9 sig=[0-9a-f]{32} -->$/,
  ],
  [{ kind: 'progress', jobId: '', triggers: ['i4'] }, /^<!-- docs-agent-action job= triggers=i4 sig=[0-9a-f]{32} -->$/],
  [
    { kind: 'progress', jobId: 'job_1', triggers: ['c5'], open: 'Codertocat' },
    /^<!-- docs-agent-action job=job_1 triggers=c5 open=Codertocat sig=[0-9a-f]{32} -->$/,
  ],
  [
    { kind: 'progress', jobId: 'job_1', triggers: ['r9'], open: '' },
    /^<!-- docs-agent-action job=job_1 triggers=r9 open=- sig=[0-9a-f]{32} -->$/,
  ],
  [{ kind: 'notify', request: 'c5' }, /^<!-- docs-agent-action notified=c5 sig=[0-9a-f]{32} -->$/],
  [{ kind: 'refusal', login: 'mallory' }, /^<!-- docs-agent-action refused=mallory sig=[0-9a-f]{32} -->$/],
  [
    { kind: 'ask', threadId: 'thread_1', question: 'c42' },
    /^<!-- docs-agent-ask thread=thread_1 q=c42 sig=[0-9a-f]{32} -->$/,
  ],
  [{ kind: 'ask', threadId: '', question: 'i' }, /^<!-- docs-agent-ask thread=- q=i sig=[0-9a-f]{32} -->$/],
  [
    { kind: 'docs', request: 'acme/app#12', pull: true, jobId: 'job_1' },
    /^<!-- docs-agent-docs for=acme\/app#12 pull=1 job=job_1 sig=[0-9a-f]{32} -->$/,
  ],
];

describe.each(KINDS)('a %j marker', (marker, line) => {
  const written = renderMarker(marker, scope);

  test('is written as the line GitHub already holds', () => {
    expect(written).toMatch(line);
  });

  test('round-trips, read from the first line of a comment', () => {
    expect(readMarker(`${written}\nthe comment`, scope)).toEqual(marker);
    expect(readMarker(`${written}\r\nedited on GitHub`, scope, marker.kind)).toEqual(marker);
  });

  test.each([
    ['signed with another key', { ...scope, key: 'svc_other' }],
    ['copied from another issue', { ...scope, issueNumber: 8 }],
    ['from another repository', { ...scope, repository: 'o/fork' }],
  ])('is not believed %s', (_name, other) => {
    expect(readMarker(written, other)).toBeUndefined();
  });

  test('is read only on the first line, and only alone on it', () => {
    expect(readMarker(`text\n${written}`, scope)).toBeUndefined();
    expect(readMarker(`hi ${written}`, scope)).toBeUndefined();
    expect(readMarker(`${written} hi`, scope)).toBeUndefined();
  });

  test('is not taken for another kind', () => {
    for (const kind of ['progress', 'notify', 'refusal', 'ask', 'docs'] as const) {
      if (kind !== marker.kind) expect(readMarker(written, scope, kind)).toBeUndefined();
    }
  });
});

describe('a forged marker', () => {
  const signed = renderMarker({ kind: 'progress', jobId: 'job_1', triggers: ['c5'] }, scope);
  test.each([
    ['without a signature', '<!-- docs-agent-action job=job_1 triggers=c5 -->'],
    ['with another job id', signed.replace('job=job_1', 'job=job_2')],
    ['with other triggers', signed.replace('triggers=c5', 'triggers=c6')],
    ['with a bad signature', signed.replace(/sig=[0-9a-f]{4}/, 'sig=0000')],
    ['with a short signature', signed.replace(/sig=([0-9a-f]+)/, (_m, sig: string) => `sig=${sig.slice(0, 8)}`)],
    ['with another kind’s fields', signed.replace('job=job_1 triggers=c5', 'notified=c5')],
    ['with a field left out', signed.replace(' triggers=c5', '')],
    ['with an open field added', signed.replace('triggers=c5', 'triggers=c5 open=mallory')],
    [
      'with another login to notify',
      renderMarker({ kind: 'progress', jobId: 'job_1', triggers: ['c5'], open: 'alice' }, scope).replace(
        'open=alice',
        'open=mallory',
      ),
    ],
    [
      'with its open field taken out',
      renderMarker({ kind: 'progress', jobId: 'job_1', triggers: ['c5'], open: 'alice' }, scope).replace(
        ' open=alice',
        '',
      ),
    ],
  ])('is ignored %s', (_name, body) => {
    expect(readMarker(body, scope)).toBeUndefined();
  });

  test('that a refusal names another user is ignored', () => {
    const body = renderMarker({ kind: 'refusal', login: 'Mallory' }, scope);
    expect(readMarker(body.replace('refused=mallory', 'refused=eve'), scope)).toBeUndefined();
  });

  test('that an answer names another question is ignored', () => {
    const body = renderMarker({ kind: 'ask', threadId: 'thread_1', question: 'c42' }, scope);
    expect(readMarker(body.replace('q=c42', 'q=c43'), scope)).toBeUndefined();
  });
});

describe('fixed-form fields', () => {
  test('a value outside its grammar is never believed, even when signed', () => {
    // Signed as today's code signed it, over what a marker holds: only the grammar refuses these.
    const { createHmac } = process.getBuiltinModule('node:crypto');
    const sign = (fields: string[]) =>
      createHmac('sha256', scope.key).update(fields.join('\n')).digest('hex').slice(0, 32);
    const job = '_job';
    const progress = `<!-- docs-agent-action job=${job} triggers=x9 sig=${sign(['progress', 'o/r', '7', job, 'x9'])} -->`;
    expect(readMarker(progress, scope)).toBeUndefined();
    const thread = '-rf';
    const ask = `<!-- docs-agent-ask thread=${thread} q=c1 sig=${sign(['ask', 'o/r', '7', thread, 'c1'])} -->`;
    expect(readMarker(ask, scope)).toBeUndefined();
  });

  test('a well-formed job id comes back exactly as written', () => {
    for (const jobId of ['a--b', 'job.1_x-y', '0b6c9e2e-5b1f-4a43-9d8e-3f1b2c3d4e5f']) {
      expect(readMarker(renderMarker({ kind: 'progress', jobId, triggers: ['c1'] }, scope), scope)).toMatchObject({
        jobId,
      });
    }
  });

  test('keeps only safe characters in a progress marker', () => {
    expect(renderMarker({ kind: 'progress', jobId: 'job --> <b>', triggers: ['c1'] }, scope)).toMatch(
      /^<!-- docs-agent-action job=job--b triggers=c1 sig=[0-9a-f]{32} -->$/,
    );
  });

  test.each(['a --> b', '::error::x', 'x::add-mask::y', '-rf'])(
    'records no thread id it could not write safely: %j',
    (threadId) => {
      const marker = renderMarker({ kind: 'ask', threadId, question: 'c1' }, scope);
      expect(marker).toContain('thread=- ');
      expect(readMarker(marker, scope)).toEqual({ kind: 'ask', threadId: '', question: 'c1' });
    },
  );

  test('reads the repository case-insensitively, as GitHub does', () => {
    const marker: Marker = { kind: 'progress', jobId: 'job_1', triggers: ['c5'] };
    expect(readMarker(renderMarker(marker, scope), { ...scope, repository: 'O/R' })).toEqual(marker);
  });
});
