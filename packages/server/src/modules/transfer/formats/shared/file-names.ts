/**
 * File names an export writes: safe on every operating system (Windows, macOS, Linux) and in every archive tool,
 * and unique within their folder even where names are compared without regard to case.
 */
import { trimWhere } from '../../../../lib/trim-text.js';

const isDotOrSpace = (char: string) => char === '.' || /\s/.test(char);
const isDash = (char: string) => char === '-';

/** Names Windows reserves for devices, with or without an extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
/** Longest base name written (before a suffix and the extension), in characters. */
const BASE_MAX = 80;

/**
 * A readable, safe file name base from any text: no path separators, no characters Windows refuses
 * (`<>:"/\|?*`), no control characters, no leading or trailing dots or spaces, not a reserved device name,
 * at most 80 characters.
 * @param fallback used when nothing usable is left (e.g. a name made of symbols only).
 */
export function safeFileBase(name: string, fallback = 'untitled'): string {
  let base = name
    .normalize('NFC')
    // Control characters, the characters Windows refuses, and the bidirectional controls that disguise a name.
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a file name
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  base = trimWhere(base, isDotOrSpace);
  if (base.length > BASE_MAX) base = trimWhere(base.slice(0, BASE_MAX), isDotOrSpace, 'end');
  if (base === '' || WINDOWS_RESERVED.test(base.split('.')[0] ?? '')) base = base === '' ? fallback : `${base}_`;
  return base;
}

/**
 * A lowercase ASCII slug (`emerald-city`) for names that carry an id beside them (OnlyWorlds' `<slug>--<id>.json`).
 * @param fallback used when no letter or digit is left.
 */
export function slugify(name: string, fallback = 'element'): string {
  const dashed = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  const slug = trimWhere(trimWhere(dashed, isDash).slice(0, 60), isDash, 'end');
  return slug === '' ? fallback : slug;
}

/**
 * Hands out unique file names per folder: a second "Dorothy" becomes "Dorothy (2)", compared without regard to
 * case so two names never collide on a case-insensitive file system.
 */
export class UniqueNames {
  private readonly taken = new Set<string>();

  /**
   * @param folder the folder the file goes in ('' for the top).
   * @param base a safe base (see safeFileBase).
   * @param extension with its dot ('.md'), or '' for a name without one.
   * @returns the path `folder/base extension`, unique among those handed out.
   */
  take(folder: string, base: string, extension: string): string {
    const prefix = folder === '' ? '' : `${folder}/`;
    for (let index = 1; ; index += 1) {
      const candidate = `${prefix}${index === 1 ? base : `${base} (${index})`}${extension}`;
      const key = candidate.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return candidate;
      }
    }
  }
}
