/** markdown-it's class, loaded on the first call (src/text/markdown-it.cjs); src/text/markdown-parser.ts types it. */
export function loadMarkdownIt(): unknown;
