/**
 * What a person reads of a comment or a summary: the markdown rendered as GitHub renders it
 * (CommonMark with tables and strikethrough, raw HTML passed through), then the page's text: tags
 * and comments gone, entities decoded, and the characters that show as nothing removed. A leak is
 * judged on this text, not on the markdown source, where escapes and zero-width characters would
 * hide it from a string search but not from a reader.
 */
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt('commonmark').enable(['table', 'strikethrough']);

export function shownText(source: string): string {
  return pageText(markdown.render(source));
}

/** The text of an HTML fragment as a browser shows it. */
export function pageText(html: string): string {
  return markdown.utils
    .unescapeAll(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, ''))
    .replace(/[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, '');
}
