import {
  clearSecrets,
  forHtml,
  forLog,
  forMarkdown,
  forOutput,
  gatedLogger,
  redact,
  registerSecret,
} from '../src/text/text-gate.ts';
import { parseRunnerCommands } from './support/runner-commands.ts';

const KEY = 'svc_Zk39fQ2mX8pLw7TnB4vR';
const TOKEN = 'ghs_9fK2mQ7xL3pW8nT4vB6zR1';

beforeEach(() => {
  clearSecrets();
  registerSecret(KEY);
  registerSecret(TOKEN);
});

/** Hostile lines of the kinds a service, a proxy or a GitHub user can send. */
const HOSTILE = [
  'ok\n::add-mask::abc',
  'x\r::error title=pwned::owned',
  '  ::stop-commands::tok',
  'text ##[set-output name=pr-link;]https://evil.example',
  '::set-output name=status::completed',
  'a\u2028::warning::b',
  '::group::g\n::endgroup::',
  'id\n##[add-path]/tmp/evil',
];

describe('text gate', () => {
  test.each(HOSTILE)('forLog leaves nothing the runner acts on: %j', (text) => {
    expect(parseRunnerCommands(forLog(text))).toEqual([]);
    expect(parseRunnerCommands(`prefix ${forLog(text)}`)).toEqual([]);
    expect(parseRunnerCommands(forOutput(text))).toEqual([]);
    expect(forLog(text)).not.toMatch(/[\r\n\u2028\u2029]/);
  });

  test('the parser port itself finds both forms', () => {
    const found = parseRunnerCommands('::add-mask::x\nfoo ##[set-output name=a;]b\r  ::error title=t::m');
    expect(found.map((c) => [c.form, c.command])).toEqual([
      ['v2', 'add-mask'],
      ['legacy', 'set-output'],
      ['v2', 'error'],
    ]);
  });

  test.each([
    ['whole', `Authorization: Bearer ${KEY}`],
    ['markdown-escaped', `Bearer ${KEY.replace(/_/g, '\\_')}`],
    ['percent-encoded', `Bearer ${KEY.replace(/_/g, '%5F')}`],
    ['HTML entities', `<title>Bearer ${KEY.replace(/_/g, '&#95;')}</title>`],
    ['hex entities', `Bearer ${KEY.replace(/_/g, '&#x5f;')}`],
    ['a cut prefix', `Bearer ${KEY.slice(0, 14)}`],
    ['a prefix cut right after 8 characters of the secret part', `Bearer ${KEY.slice(0, 12)}`],
    ['a middle fragment', `…${KEY.slice(6, 18)}…`],
    ['the token', `token ${TOKEN} in a GitHub error`],
  ])('redacts a secret given %s', (_kind, text) => {
    for (const out of [redact(text), forLog(text), forMarkdown(text), forHtml(text), forOutput(text)]) {
      const plain = out
        .replace(/\\/g, '')
        .replace(/%5F/gi, '_')
        .replace(/&#(x5f|95);/gi, '_');
      for (const secret of [KEY, TOKEN]) {
        for (let i = 0; i + 8 <= secret.length; i++) expect(plain).not.toContain(secret.slice(i, i + 8));
      }
    }
  });

  test('keeps ordinary text, short runs that merely look like a key, and the public prefixes', () => {
    expect(redact('Job job_123 failed: svc_ is the prefix')).toBe('Job job_123 failed: svc_ is the prefix');
    registerSecret('svc_dsc_public_assistant_Zk39fQ2m');
    expect(redact("keys start with 'svc_dsc_' or 'svc_'")).toBe("keys start with 'svc_dsc_' or 'svc_'");
    expect(redact('svc_dsc_public_assistant_Zk39fQ2m')).toBe('svc_dsc_***');
  });

  test.each([4, 5, 6, 7])(
    'redacts a key split by a line break %d characters after its prefix, the prefix part included',
    (after) => {
      const cut = 'svc_'.length + after;
      const text = `Bad header: Bearer ${KEY.slice(0, cut)}\n${KEY.slice(cut)}`;
      for (const out of [redact(text), forLog(text), forMarkdown(text), forOutput(text)]) {
        const plain = out.replace(/\\/g, '');
        for (let i = 0; i + 8 <= KEY.length; i++) expect(plain).not.toContain(KEY.slice(i, i + 8));
        expect(plain).toContain('svc_***');
        expect(plain).not.toContain(KEY.slice(4, cut));
      }
    },
  );

  test('redacts any fragment of 8 or more characters, whether or not it holds the prefix', () => {
    expect(redact(`x ${KEY.slice(0, 8)} y`)).toBe('x svc_*** y');
    expect(redact(`x ${KEY.slice(2, 10)} y`)).toBe('x c_*** y');
    expect(redact(`x ${TOKEN.slice(0, 9)} y`)).toBe('x ghs_*** y');
    expect(redact(`x${KEY}`)).toBe('xsvc_***');
    // Shorter than 8 characters of the key, prefix included: ordinary text.
    expect(redact(`x ${KEY.slice(0, 7)} y`)).toBe(`x ${KEY.slice(0, 7)} y`);
    expect(redact('the key starts with svc_ and the token with ghs_')).toBe(
      'the key starts with svc_ and the token with ghs_',
    );
  });

  test('redacts before cutting, so a cut cannot leave a fragment', () => {
    const text = `${'x'.repeat(190)} Bearer ${KEY}`;
    expect(forLog(text, 200)).not.toContain(KEY.slice(0, 8));
  });

  test('forMarkdown mentions nobody and renders no link, image or HTML', () => {
    const out = forMarkdown(
      '@team see #12 ![i](https://e.example/x.png) [c](javascript:alert(1)) <b>x</b> https://evil.example',
    );
    expect(out).not.toMatch(/@[a-z]/i);
    expect(out).not.toMatch(/#\d/);
    expect(out).not.toMatch(/(?<!\\)[[\]()<>]/);
    expect(out).not.toContain('https://');
  });

  test('forHtml escapes markup', () => {
    expect(forHtml('<script>"x"&</script>')).toBe('&#60;script&#62;&#34;x&#34;&#38;&#60;/script&#62;');
  });

  test('the gated logger keeps line breaks but makes each line inert and redacted', () => {
    const lines: string[] = [];
    const log = gatedLogger({ info: (m) => lines.push(m), notice: () => {}, warning: () => {}, debug: () => {} });
    log.info(`one\n::add-mask::x\n${KEY} ##[error]y`);
    expect(parseRunnerCommands(lines.join('\n'))).toEqual([]);
    expect(lines.join('\n')).not.toContain(KEY);
    expect(lines[0]?.split('\n')).toHaveLength(3);
  });
});

describe('terminal escape sequences', () => {
  // A log viewer, a terminal or the command line would act on them; removed whole, not left as `[31m`.
  test('are removed whole for every destination, and a key they split is still redacted', () => {
    registerSecret(KEY);
    const hostile = `\u001b]0;title\u0007a\u001b[1;31mb\u001b[0m \u009b2J${KEY.slice(0, 9)}\u001b[m${KEY.slice(9)}`;
    for (const gate of [forLog, forOutput, forHtml]) expect(gate(hostile)).toBe('ab svc_***');
    expect(forMarkdown(hostile)).toBe('ab svc\\_\\*\\*\\*');
    clearSecrets();
  });
});
