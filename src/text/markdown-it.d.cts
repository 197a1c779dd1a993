/** markdown-it's class, loaded on the first call (src/text/markdown-it.cjs); src/text/markdown.ts types it. */
export function loadMarkdownIt(): unknown;
