/**
 * The worst shapes of each markdown construct for a parser: deep nesting of lists and quotes, runs
 * of emphasis, brackets, backticks and HTML that never close, long lines and runs of spaces, many
 * definitions. Each is about `size` characters long and ends with a request on its own line. Shared
 * by the bounds in __tests__/markdown.test.ts and __tests__/ask-render.test.ts.
 */
export function HOSTILE_SHAPES(size: number): Record<string, string> {
  const tail = '\n/docs document the flag';
  const fill = (unit: string): string =>
    unit.repeat(Math.max(1, Math.floor((size - tail.length) / unit.length))) + tail;
  let growingTicks = '';
  for (let n = 1; growingTicks.length < size - 200; n++) growingTicks += `${'`'.repeat(n)}a`;
  return {
    'nested lists (tabs)': fill('-\t'),
    'nested lists (spaces)': fill('- '),
    'nested ordered lists': fill('1. '),
    'nested quotes': fill('>'),
    'quotes and lists': fill('> - '),
    'lines of nested lists': fill('- - - - - - - - - - x\n'),
    'lines of lists and quotes': fill('- > - > - > - > x\n'),
    'lazy quote lines': fill('> a\nb\n'),
    'emphasis runs': fill('*a'),
    'mixed delimiters': fill('*a_b**c__'),
    'nested emphasis': fill('*_'),
    'open brackets': fill('['),
    'open links': fill('[a]('),
    'open images': fill('!['),
    'nested link brackets': fill('[[]('),
    'open link titles': fill('[a](b "'),
    'an open link and a long run of spaces': `[a](${' '.repeat(size - 40)}${tail}`,
    'an open link, spaces, a quote, spaces': `[a](${' '.repeat(size / 2 - 40)}"${' '.repeat(size / 2 - 40)}${tail}`,
    'empty links with titles': fill('[](x "t")'),
    'shortcut references': `[a]: /u "t"\n${fill('[a]')}`,
    'unclosed references': fill('[a]['),
    definitions: fill('[a]: b\n'),
    backticks: fill('`'),
    'growing backtick runs': growingTicks + tail,
    'open tags': fill('<a '),
    'open attributes': fill('<a b="'),
    'open comments': fill('<!--'),
    'inline comments': fill('a <!-- b --> '),
    'processing instructions': fill('<?'),
    'html blocks': fill('<div>\n'),
    'scripts in html blocks': fill('<div><script>x</script>\n'),
    'angle brackets': fill('<'),
    entities: fill('&#'),
    'a long line': 'a'.repeat(size - tail.length) + tail,
    'many lines': fill('a\n'),
    'setext headings': fill('a\n=\n'),
    'wide table': `${'a|'.repeat(200)}\n${'-|'.repeat(200)}\n${fill(`${'a|'.repeat(200)}\n`)}`,
    fences: fill('```\n'),
  };
}
