/**
 * The HTML GitHub would make of a comment or a summary: micromark with its GFM extension (GitHub's
 * dialect: tables, autolinks of bare addresses, strikethrough, the tag filter), raw HTML kept as
 * GitHub keeps the tags it allows, `javascript:` and other unsafe links dropped. support/render.ts
 * reads what a person sees from it.
 *
 * jest.environment.js hosts this file, as it hosts the emulators: loaded once per jest worker,
 * outside jest's module registry, and run over WARM_UP before the worker starts V8's coverage. The
 * code V8 compiled before its coverage started carries no block counters, and runs as fast as
 * without coverage; under the counters micromark ran 1.7 to 2 times slower (17.4 to 19.2 s of CPU
 * against 8.2 to 10.6 s for the same renders, November 2026), and the tests render a great deal.
 * What WARM_UP does not reach still works, compiled with counters on its first use. Worker threads
 * and other processes import this file as it is.
 */
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

// Made once: each gfm() call combines GFM's five extensions anew.
const EXTENSIONS = { extensions: [gfm()], htmlExtensions: [gfmHtml()] };

export function renderHtml(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: true, ...EXTENSIONS });
}

/** The constructs the action's comments and summaries use, and some that the hostile tests send. */
export const WARM_UP = `# Heading *one*

Setext heading
--------------

A paragraph with **strong**, _emphasis_, ~~struck~~, \`code\`, a [link](https://example.com/a "title"),
an ![image](https://example.com/i.png), a [reference][ref], <https://example.com/auto>, www.example.com,
https://example.com/bare, someone@example.com, &amp; &#35; &#x23; &copy;, a hard break\\
and a soft one, \\*escaped\\*, <b>inline html</b> and <!-- a comment -->.

[ref]: https://example.com/ref

> A quote with a [link](javascript:alert(1)) and a list:
> - one
> - two

1. first
2. second
   - nested *item*
   - [x] done
   - [ ] to do

* * *

| Column | Other |
| :----- | ----: |
| a \\| b | \`c\` |
| **d** | [e](https://example.com/e) |

\`\`\`ts
const fenced = true;
\`\`\`

    indented code

<details>
<summary>Details</summary>

Inside **details**.

</details>

<script>alert(1)</script>
<div align="right">html block</div>

Text with a footnote[^1].

[^1]: The note.
`;

/**
 * Renders WARM_UP once: V8 then has compiled what it reaches, without counters, and optimises it
 * later as the tests run it (inlining included). More renders first only cost time.
 */
export function warmUp(): void {
  renderHtml(WARM_UP);
}
