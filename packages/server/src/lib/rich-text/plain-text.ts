/**
 * Plain text and rich text of one description (docs/rich-text.md): the plain `description` is derived from the
 * sanitised HTML (what search reads and older clients show), and a description written as plain text reads as HTML
 * escaped into paragraphs.
 */
import { Parser } from 'htmlparser2';
import { escapeHtml } from './mention-markup.js';
import { trimAroundLineBreaks } from '../trim-text.js';

/** Tags after which plain text starts a new line. */
const BLOCK_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre', 'tr', 'br', 'hr', 'table', 'ul', 'ol']);

/**
 * The text of sanitised HTML: entities decoded, one line per block (paragraph, heading, list item, table row),
 * cells separated by a tab, blank runs collapsed.
 * @param html sanitised HTML.
 * @returns the text, trimmed ('' for HTML without text).
 */
export function htmlToPlainText(html: string): string {
  let text = '';
  const parser = new Parser(
    {
      ontext: (chunk) => {
        text += chunk;
      },
      onopentag: (name) => {
        if ((name === 'td' || name === 'th') && !text.endsWith('\n') && text !== '') text += '\t';
        if (name === 'li' && !text.endsWith('\n') && text !== '') text += '\n';
      },
      onclosetag: (name) => {
        if (BLOCK_TAGS.has(name)) text += '\n';
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return trimAroundLineBreaks(text)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Plain text as HTML: each run of text between blank lines is a paragraph, single line breaks are `<br>`, and
 * every character is escaped (so text that looks like markup stays text).
 * @param text the plain description, or null.
 * @returns the HTML, or null for null or blank text.
 */
function plainTextToHtml(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  return text
    .split(/\r?\n\s*\r?\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The rich text of a row for an answer: its stored HTML, or its plain description as paragraphs.
 * @param row a row with `description` and the optional `description_html`.
 */
export const richTextOf = (row: { description: string | null; description_html?: string | null }): string | null =>
  row.description_html ?? plainTextToHtml(row.description);
