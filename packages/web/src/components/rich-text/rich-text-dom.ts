/**
 * Rich text from the server, made safe again in the browser (issue "Linked lore", docs/rich-text.md): DOMPurify
 * with the same allow-list as the server's sanitiser, so even a compromised or older answer cannot carry script,
 * event handlers or unsafe URLs. The result is a DOM fragment that RichText turns into React elements (never
 * `dangerouslySetInnerHTML`).
 */
import DOMPurify from 'dompurify';

/** Tags a rich text may hold. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'table',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'a',
  'img',
  'span',
] as const;

/** Attributes a rich text may hold (each is checked again per tag when rendered). */
const RICH_TEXT_ATTRIBUTES = [
  'href',
  'rel',
  'src',
  'alt',
  'title',
  'colspan',
  'rowspan',
  'span',
  'start',
  'data-type',
  'data-entity-type',
  'data-id',
  'data-parent-id',
];

/** Links may go to http, https, mailto or a path of this site; images to https or a path of this site. */
export const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/))/i;
export const SAFE_IMAGE = /^(https:\/\/|\/(?!\/))/i;

/**
 * Parses and sanitises rich text.
 * @param html the server's descriptionHtml.
 * @returns a fragment holding only allowed tags and attributes.
 */
export function sanitizeToFragment(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR: RICH_TEXT_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
}

/**
 * The text of rich text (what the plain description of a form's value is), one line per block.
 * @param html HTML from the editor.
 */
export function richTextToPlain(html: string): string {
  const fragment = sanitizeToFragment(html);
  const lines: string[] = [];
  let line = '';
  const BLOCKS = new Set(['P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'BLOCKQUOTE', 'PRE', 'TR', 'BR', 'HR', 'TABLE', 'UL', 'OL']);
  const walk = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      line += node.textContent ?? '';
      return;
    }
    for (const child of Array.from(node.childNodes)) walk(child);
    if (BLOCKS.has(node.nodeName)) {
      lines.push(line);
      line = '';
    }
  };
  walk(fragment);
  lines.push(line);
  return lines
    .map((text) => text.trim())
    .filter((text, index, all) => text !== '' || (index > 0 && all[index - 1] !== ''))
    .join('\n')
    .trim();
}

/**
 * Plain text as rich text: paragraphs from blank-line runs, escaped (for a description that has no HTML yet).
 * @returns HTML, or '' for blank text.
 */
export function plainToRichText(text: string | null | undefined): string {
  if (!text?.trim()) return '';
  const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return text
    .split(/\r?\n\s*\r?\n/)
    .filter((part) => part.trim() !== '')
    .map((part) => `<p>${escape(part).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}
