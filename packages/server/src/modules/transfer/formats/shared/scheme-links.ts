/**
 * Finds Markdown links to an internal scheme, `[label](<scheme>://<type>/<id>)`, and optionally bare
 * `<scheme>://<type>/<id>` references, in one left-to-right pass: linear time on any input, where a regular
 * expression with a bounded label (`\[(…){0,500}\]`) rescans the label from every bracket inside it.
 * Labels may escape `[`, `]` and `\` with a backslash; an unescaped `[` inside a label starts a new candidate, an
 * escaped one never does.
 */

/** One link or bare reference found, with the label unescaped (null for a bare reference). */
export interface SchemeLink {
  /** Index of its first character. */
  start: number;
  /** Index after its last character. */
  end: number;
  label: string | null;
  type: string;
  id: string;
}

/** Longest label read, in characters, as the patterns this replaces allowed. */
const LABEL_MAX = 500;
const TYPE_MAX = 20;

const isTypeChar = (char: string | undefined) => char !== undefined && char >= 'a' && char <= 'z';
const isIdChar = (char: string | undefined) =>
  char !== undefined && ((char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z') || (char >= '0' && char <= '9') || char === '-');

/** Reads `<type>/<id>` at `at`: type of 1 to 20 lowercase letters, id of 1 to `idMax` letters, digits or dashes. */
function readReference(text: string, at: number, idMax: number): { type: string; id: string; end: number } | undefined {
  let i = at;
  while (i < text.length && i - at < TYPE_MAX && isTypeChar(text[i])) i += 1;
  if (i === at || text[i] !== '/') return undefined;
  const type = text.slice(at, i);
  const idStart = i + 1;
  let j = idStart;
  while (j < text.length && j - idStart < idMax && isIdChar(text[j])) j += 1;
  if (j === idStart) return undefined;
  return { type, id: text.slice(idStart, j), end: j };
}

/**
 * Finds the links to `scheme` in text, in order.
 * @param scheme the scheme's name, e.g. `loreforge` or `ow`.
 * @param options `bare`: also find references written without a label; `idMax`: longest id read (default 200).
 * @returns the links found; [] for text without any.
 */
export function findSchemeLinks(text: string, scheme: string, options: { bare?: boolean; idMax?: number } = {}): SchemeLink[] {
  const prefix = `${scheme}://`;
  const idMax = options.idMax ?? 200;
  const links: SchemeLink[] = [];
  let i = 0;
  while (i < text.length) {
    if (options.bare && text.startsWith(prefix, i)) {
      const reference = readReference(text, i + prefix.length, idMax);
      if (reference) {
        links.push({ start: i, end: reference.end, label: null, type: reference.type, id: reference.id });
        i = reference.end;
        continue;
      }
    }
    if (text[i] !== '[') {
      i += 1;
      continue;
    }
    let j = i + 1;
    let label = '';
    let closed = false;
    while (j < text.length && label.length <= LABEL_MAX) {
      const char = text[j];
      const next = text[j + 1];
      if (char === '\\' && (next === '[' || next === ']' || next === '\\')) {
        label += next;
        j += 2;
      } else if (char === '[') {
        break;
      } else if (char === ']') {
        closed = true;
        break;
      } else {
        label += char ?? '';
        j += 1;
      }
    }
    if (closed && label.length <= LABEL_MAX && text.startsWith(`(${prefix}`, j + 1)) {
      const reference = readReference(text, j + 2 + prefix.length, idMax);
      if (reference && text[reference.end] === ')') {
        links.push({ start: i, end: reference.end + 1, label, type: reference.type, id: reference.id });
        i = reference.end + 1;
        continue;
      }
    }
    // Nothing starts here: go on from where the label's scan stopped, so no character is scanned as a label twice
    // (an unescaped `[` there is the next candidate); bare references inside the scanned part still count.
    const stop = Math.max(i + 1, j);
    let k = i + 1;
    while (options.bare && k < stop) {
      const reference = text.startsWith(prefix, k) ? readReference(text, k + prefix.length, idMax) : undefined;
      if (reference) {
        links.push({ start: k, end: reference.end, label: null, type: reference.type, id: reference.id });
        k = reference.end;
      } else {
        k += 1;
      }
    }
    i = Math.max(stop, k);
  }
  return links;
}

/**
 * Replaces every link found by `findSchemeLinks` with what `replace` makes of it.
 * @returns the text with the links replaced; the rest unchanged.
 */
export function replaceSchemeLinks(
  text: string,
  scheme: string,
  replace: (link: SchemeLink, whole: string) => string,
  options: { bare?: boolean; idMax?: number } = {},
): string {
  let out = '';
  let at = 0;
  for (const link of findSchemeLinks(text, scheme, options)) {
    out += text.slice(at, link.start) + replace(link, text.slice(link.start, link.end));
    at = link.end;
  }
  return out + text.slice(at);
}
