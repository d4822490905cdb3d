/**
 * Reading rich text of other tools (Kanka's HTML entries) as the plain text Loreforge's descriptions hold.
 * parse5 parses as a browser would, so broken or hostile markup (unclosed tags, scripts, comments) reads the
 * same way it would display; nothing of it is kept but its text.
 */
import { parseFragment } from 'parse5';

/** Elements that end a line or paragraph. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'li',
  'table',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
]);
/** Blocks that end a line only (items of a list or table). */
const LINES = new Set(['li', 'tr', 'dt', 'dd']);
/** Elements whose content is never text a reader sees. */
const SILENT = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math', 'head', 'title']);

interface Node {
  nodeName: string;
  value?: string;
  childNodes?: Node[];
  content?: Node;
}

/**
 * Converts HTML to plain text: paragraphs and headings on lines of their own (a blank line between blocks),
 * list items as `- item`, `<br>` as a line break, table cells separated by ` | `; entities decoded, every tag,
 * attribute, script and style dropped.
 * @param html the markup (any size the archive reader let through; the walk is iterative, so nesting depth
 *   cannot exhaust the stack).
 * @returns the text, trimmed, with at most one blank line in a row; '' for empty input.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  // parse5 slows down with the square of nesting depth: deeply nested (hostile) markup is read by stripping tags.
  if (nestingDepth(html) > NESTING_MAX) return tidy(stripTags(html));
  const root = parseFragment(html) as unknown as Node;
  let out = '';
  const stack: Array<Node | { close: string }> = [...(root.childNodes ?? [])].reverse();
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if ('close' in item) {
      if (LINES.has(item.close)) out += '\n';
      else if (BLOCKS.has(item.close)) out += '\n\n';
      continue;
    }
    const name = item.nodeName;
    if (name === '#text') {
      out += (item.value ?? '').replace(/[ \t\r\n\f]+/g, ' ');
      continue;
    }
    if (name.startsWith('#') || SILENT.has(name)) continue;
    if (name === 'br') {
      out += '\n';
      continue;
    }
    if (name === 'td' || name === 'th') out += out.endsWith('\n') || out === '' ? '' : ' | ';
    if (BLOCKS.has(name) && out !== '' && !out.endsWith('\n')) out += '\n';
    if (name === 'li') out += '- ';
    stack.push({ close: name });
    const children = item.childNodes ?? [];
    for (const child of [...children].reverse()) stack.push(child);
  }
  return tidy(out);
}

/** Deepest nesting parse5 is given; beyond it the text is read by stripping tags (real entries nest a few levels). */
const NESTING_MAX = 200;
const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'area', 'base', 'col', 'embed', 'source', 'track', 'wbr', 'param']);
// A tag's rest starts with a character no name has and stops at the next `<` as well as `>`, so the name and the
// rest never compete for characters and a scan from one `<` never runs past the next one (linear).
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]{0,40})(?:[^<>a-zA-Z0-9-][^<>]*)?>/g;

/** How deeply the markup's tags nest, counted in one pass (an estimate: it does not repair markup as parsers do). */
function nestingDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(TAG)) {
    const name = (match[2] ?? '').toLowerCase();
    if (VOID.has(name) || match[0].endsWith('/>')) continue;
    depth = match[1] ? Math.max(0, depth - 1) : depth + 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text of markup by removing every tag (block tags end a line) and decoding the common entities; linear. */
function stripTags(html: string): string {
  return html
    .replace(TAG, (_tag, _close: string, name: string) => (BLOCKS.has(name.toLowerCase()) || name.toLowerCase() === 'br' ? '\n' : ''))
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#\d{1,7}|#x[0-9a-f]{1,6});/gi, (_whole, entity: string) => {
      if (entity.startsWith('#')) {
        const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[entity.toLowerCase()] ?? '';
    });
}

/** Trims every line and keeps at most one blank line in a row. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t\r\f]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
