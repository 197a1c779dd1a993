import { ANSWER_LIMIT, COMMENT_LIMIT, neutraliseAnswer, renderAnswerComment } from '../src/ask/render.ts';
import { clearSecrets, registerSecret } from '../src/text/text-gate.ts';
import { render, seen } from './support/render.ts';
import { HOSTILE_SHAPES } from './support/markdown-shapes.ts';
import { inWorker } from './support/in-worker.ts';

const DOCS = new Set(['docs.example.com']);
const ZWSP = '\u200b';

/** Whatever is live in GitHub-flavoured markdown, wherever it stands (text or code). */
function liveParts(markdown: string): string[] {
  const patterns: [string, RegExp][] = [
    ['html', /(?<!\\)<[A-Za-z!/?]/],
    ['mention', /(?<![\w`])@[A-Za-z0-9]/],
    ['reference', /#\d/],
    ['entity', /&#?[A-Za-z0-9]+;/],
    ['image', /!\[/],
    ['definition', /\]:/],
    ['foreign link', /\]\((?!https:\/\/docs\.example\.com[/)])/],
    ['bare foreign address', /https?:\/\/(?!docs\.example\.com)|(?<![/.\w])www\./i],
  ];
  return patterns.filter(([, pattern]) => pattern.test(markdown)).map(([name]) => name);
}

afterEach(() => clearSecrets());

describe('neutraliseAnswer', () => {
  test('the check below sees live markdown', () => {
    expect(liveParts('<b>x</b> @octocat #1 &#64; ![a](https://evil.example/p.png) [r]: https://evil.example')).toEqual([
      'html',
      'mention',
      'reference',
      'entity',
      'image',
      'definition',
      'foreign link',
      'bare foreign address',
    ]);
  });

  test.each([
    ['a mention', 'Ask @octocat about it'],
    ['a team mention', 'ping @acme/admins'],
    ['a reference', 'fixed in #12 and acme/other#3'],
    ['an entity that spells a mention', '&#64;octocat and &commat;octocat'],
    ['raw HTML', '<img src=x onerror=alert(1)><script>alert(1)</script>'],
    ['an HTML comment', '<!-- hidden -->visible'],
    ['a fake marker', '<!-- docs-agent-ask thread=evil q=i sig=0123456789abcdef0123456789abcdef -->'],
    ['a javascript link', '[click](javascript:alert(1))'],
    ['a data link', '[click](data:text/html,<b>x</b>)'],
    ['a link to another host', '[docs](https://evil.example/docs)'],
    ['a link with a title', '[docs](https://evil.example/docs "Docs")'],
    ['an image', '![pixel](https://evil.example/p.png)'],
    ['an image on the docs host', '![pixel](https://docs.example.com/p.png)'],
    ['a reference definition', '[docs][1]\n\n[1]: https://evil.example'],
    ['a definition in a quote', '> [x]: https://evil.example'],
    ['a footnote', 'text[^1]\n\n[^1]: note'],
    ['a bare address', 'see https://evil.example/x or www.evil.example'],
    ['an autolink', '<https://evil.example>'],
    ['an email', 'write to admin@evil.example'],
    ['nested brackets', '[[x]](https://evil.example)'],
    ['a link split over lines', '[a\nb](https://evil.example)'],
    ['HTML in a code span', 'run `<img src=x>` now'],
    ['HTML after an escaped backtick', '\\`<img src=x>\\`'],
    ['HTML in a fence closed by a list item', '- item\n  ```\n<img src=x>\n  ```'],
    ['a mention in a fence', '```\n@octocat <b>x</b>\n```'],
    ['invisible characters around a mention', '@\u200b\u200boctocat <\u2060img src=x>'],
  ])('%s is inert', (_name, text) => {
    const out = neutraliseAnswer(text, DOCS);
    expect(liveParts(out)).toEqual([]);
    expect(out).not.toContain('<!--');
  });

  test('keeps markdown and links to the documentation', () => {
    const text =
      '## Deploy\n\nRun **`acme deploy`**, see [Deploying](https://docs.example.com/deploy).\n\n- one\n- two';
    expect(neutraliseAnswer(text, DOCS)).toBe(text);
  });

  test.each([
    ['inside underscores', 'See _https://evil.example/phish_ now'],
    ['www. inside underscores', 'or _www.evil.example_ now'],
    ['inside tildes', 'or ~https://evil.example/b~ too'],
    ['www. inside tildes', 'or ~www.evil.example~ too'],
    ['inside asterisks', '**https://evil.example/x** and *www.evil.example*'],
    ['inside parentheses', '(https://evil.example) and (www.evil.example)'],
    ['at the start of a line', 'text\nwww.evil.example/x\nhttps://evil.example'],
    ['after a tab', 'see\twww.evil.example'],
    ['after a digit', 'step 1https://evil.example/x'],
    ['after punctuation', 'x-https://evil.example and x.https://evil.example and "https://evil.example"'],
    ['after a letter outside ASCII', 'éhttps://evil.example'],
    ['in capitals', 'HTTPS://EVIL.EXAMPLE/X and Http://evil.example'],
    ['over ftp', 'get ftp://evil.example/file'],
    ['with the docs host as user name', 'https://docs.example.com@evil.example/x'],
    ['with the docs host before a quote', 'https://docs.example.com"@evil.example/x'],
    ['with the docs host before an apostrophe', "https://docs.example.com'@evil.example/x"],
    ['with the docs host before a backtick', 'https://docs.example.com`@evil.example/x`'],
    ['with the docs host before a bracket', 'https://docs.example.com]@evil.example/x'],
    ['in a fenced block', '```\n_https://evil.example_ _www.evil.example_\n```'],
  ])('a bare address to another host %s is no link', (_name, text) => {
    const out = neutraliseAnswer(text, DOCS);
    expect(liveParts(out)).toEqual([]);
    // A scheme right before `//`, or `www.` right before a name, is what GitHub links.
    expect(out).not.toMatch(/(?:https?|ftp):\/\/(?!docs\.example\.com[/\s]|docs\.example\.com$)/i);
    expect(out).not.toMatch(/www\./i);
  });

  test.each([
    ['inside underscores', '_https://docs.example.com/deploy_'],
    ['inside parentheses', '(https://docs.example.com/deploy)'],
    ['inside asterisks', '**https://docs.example.com/deploy**'],
  ])('a bare address on the documentation host %s stays a link', (_name, text) => {
    expect(neutraliseAnswer(text, DOCS)).toBe(text);
  });

  test('keeps a bare address on the documentation host', () => {
    expect(neutraliseAnswer('see https://docs.example.com/deploy', DOCS)).toBe('see https://docs.example.com/deploy');
  });

  test('turns a foreign link into its text and an image into a link only on an allowed host', () => {
    expect(neutraliseAnswer('[docs](https://evil.example/docs)', DOCS)).toBe('docs');
    expect(neutraliseAnswer('![logo](https://docs.example.com/logo.png)', DOCS)).toBe(
      '[image: logo](https://docs.example.com/logo.png)',
    );
  });

  test('keeps code readable: only invisible characters are added', () => {
    const code = '```ts\nconst a = b < c && d;\n```';
    expect(neutraliseAnswer(code, DOCS).replaceAll(ZWSP, '')).toBe(code);
  });

  test('closes a code block the answer left open', () => {
    expect(neutraliseAnswer('text\n~~~~\ncode', DOCS)).toBe('text\n~~~~\ncode\n~~~~');
  });

  test('removes secrets before anything else', () => {
    registerSecret('svc_dsc_Secret0123456789abcdef');
    expect(neutraliseAnswer('the key is svc_dsc_Secret0123456789abcdef', DOCS)).not.toContain('Secret0123456789');
  });

  describe('in bounded time', () => {
    // Never timed (src/text/markdown.ts has the figures); a worker's deadline guards against a
    // hang, which jest's timeout cannot stop (support/in-worker.ts).
    const worker = inWorker();
    const RENDER = new URL('../src/ask/render.ts', import.meta.url);
    afterAll(() => worker.close());

    test.each(Object.entries(HOSTILE_SHAPES(70_000)))(
      'renders %s',
      async (_shape, text) => {
        expect(await worker.call(RENDER, 'neutraliseAnswer', [text, DOCS], 60_000)).toEqual(expect.any(String));
      },
      65_000,
    );
  });

  test('cuts a long answer below the limit', () => {
    const out = neutraliseAnswer('word '.repeat(ANSWER_LIMIT), DOCS);
    expect(out.length).toBeLessThan(ANSWER_LIMIT + 100);
    expect(out).toContain('(answer cut)');
  });
});

describe('renderAnswerComment', () => {
  const base = { marker: '<!-- m -->', answer: 'Run `acme deploy`.', sources: [] };

  test('lists the sources with their titles as written, linking only addresses that pass their grammar', () => {
    const body = renderAnswerComment({
      ...base,
      state: 'complete',
      sources: [
        { url: 'https://docs.example.com/deploy', title: 'Deploy @octocat <b>' },
        { url: 'javascript:alert(1)', title: 'bad' },
        { url: 'https://docs.example.com/a)b', title: 'paren' },
        { url: 'https://docs.example.com/x#x##[error]boom', title: 'fragment' },
        { url: 'HTTPS://Docs.Example.com/Start', title: 'start' },
      ],
    });
    const rendered = render(body);
    const lines = rendered.text.split('\n');
    expect(lines.slice(lines.indexOf('Sources'))).toEqual([
      'Sources',
      'Deploy @octocat <b>',
      'start',
      'Generated from the documentation by its assistant; it can be wrong, so check the sources.',
    ]);
    expect(rendered.links).toEqual(['https://docs.example.com/deploy', 'https://docs.example.com/Start']);
    expect(rendered.html).not.toMatch(/<b>|@octocat/);
    expect(body).not.toMatch(/javascript:|##\[|a\)b/);
  });

  test('shows the answer as written, with only links to the documentation live', () => {
    const answer = 'Run `acme deploy`, see [Deploying](https://docs.example.com/deploy), @octocat, <b>x</b> & #12.';
    const rendered = render(
      renderAnswerComment({
        ...base,
        answer,
        state: 'complete',
        sources: [{ url: 'https://docs.example.com/deploy' }],
      }),
    );
    expect(rendered.text.split('\n')[0]).toBe('Run acme deploy, see Deploying, @octocat, <b>x</b> & #12.');
    expect(rendered.links).toEqual(['https://docs.example.com/deploy', 'https://docs.example.com/deploy']);
    expect(rendered.html).not.toMatch(/<b>|@octocat|#12/);
  });

  test('says when the answer is still being written or incomplete, in words shown as written', () => {
    expect(seen(renderAnswerComment({ ...base, state: 'streaming' }))).toContain('Writing the answer…');
    const cut = render(renderAnswerComment({ ...base, state: 'incomplete', reason: 'error <b>@x</b> in a_b.c' }));
    expect(cut.text.split('\n')).toContain('This answer is incomplete: error <b>@x</b> in a_b.c');
    expect(cut.html).not.toMatch(/<b>|@x/);
  });

  test('stays below GitHub’s limit with the longest answer and many sources', () => {
    const sources = Array.from({ length: 20 }, (_, i) => ({
      url: `https://docs.example.com/${'p'.repeat(400)}${i}`,
      title: 't'.repeat(1000),
    }));
    const body = renderAnswerComment({ ...base, answer: '@'.repeat(200_000), sources, state: 'incomplete' });
    expect(body.length).toBeLessThan(COMMENT_LIMIT);
  });
});
