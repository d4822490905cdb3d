/**
 * Reads a JSON array file of an archive one element at a time (issue 13 "stream, do not build the whole archive
 * in memory"): the bytes are decoded as strict UTF-8 as they inflate, split into the array's top-level elements
 * by a linear scan that tracks strings and nesting, and each element is parsed by JSON.parse alone. Only the
 * element being read is held, so memory stays bounded by the largest record, not the file. The same bounds as
 * parseJsonBounded (archive.ts) hold: nesting deeper than `maxDepth` (the array itself counting as one level),
 * a NUL character and anything that is not one JSON array are refused with a 400 naming the file.
 */
import { BUNDLE_MESSAGES } from '@loreforge/contract';
import { badRequest } from '../../errors/app-error.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/** Whether a code unit is JSON whitespace. */
const isSpace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/**
 * The elements of a JSON array, parsed one by one as the bytes come.
 * @param path the file's path (named in messages); @param chunks its bytes, in order.
 * @returns each element as JSON.parse gives it (unknown: validate it with a schema).
 * @throws AppError 400 BUNDLE_MESSAGES.invalidJson (not UTF-8, not an array, malformed), jsonTooDeep or
 * nulCharacter, while iterating; elements before the fault have been yielded.
 */
export async function* jsonArrayElements(path: string, chunks: AsyncIterable<Uint8Array>, maxDepth: number): AsyncGenerator {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const invalid = () => badRequest(BUNDLE_MESSAGES.invalidJson(path));
  const parse = (text: string): unknown => {
    if (text.includes('\u0000') || text.includes('\\u0000')) throw badRequest(BUNDLE_MESSAGES.nulCharacter(path));
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw invalid();
    }
  };
  /** Text not yet handed out: from the start of the current element (or of the unread rest). */
  let text = '';
  let scanned = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** Whether the array's closing bracket was read (an object: the scan sets it). */
  const end = { closed: false };
  let elements = 0;

  const decode = (bytes: Uint8Array | undefined): string => {
    try {
      return bytes === undefined ? decoder.decode() : decoder.decode(bytes, { stream: true });
    } catch {
      throw invalid();
    }
  };

  /** Scans the text read so far; returns the complete elements found and keeps the rest. */
  const scan = (): string[] => {
    const found: string[] = [];
    let start = 0;
    for (let index = scanned; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (end.closed) {
        if (!isSpace(code)) throw invalid();
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
        continue;
      }
      if (depth === 0) {
        if (code === 0x5b) {
          depth = 1;
          start = index + 1;
        } else if (!isSpace(code)) {
          throw invalid();
        }
        continue;
      }
      if (code === QUOTE) {
        inString = true;
      } else if (code === 0x5b || code === 0x7b) {
        depth += 1;
        if (depth > maxDepth) throw badRequest(BUNDLE_MESSAGES.jsonTooDeep(path, maxDepth));
      } else if (code === 0x5d || code === 0x7d) {
        depth -= 1;
        if (depth === 0) {
          if (code !== 0x5d) throw invalid();
          const last = text.slice(start, index);
          if (last.trim() !== '') found.push(last);
          else if (elements + found.length > 0) throw invalid(); // a trailing comma
          end.closed = true;
        }
      } else if (code === COMMA && depth === 1) {
        const element = text.slice(start, index);
        if (element.trim() === '') throw invalid();
        found.push(element);
        start = index + 1;
      }
    }
    // Keep only the unfinished element: what is before it has been handed out.
    if (depth > 0) {
      text = text.slice(start);
      scanned = text.length;
    } else {
      text = '';
      scanned = 0;
    }
    return found;
  };

  // A byte-order mark is dropped by the decoder (ignoreBOM false).
  for await (const chunk of chunks) {
    text += decode(chunk);
    for (const element of scan()) {
      elements += 1;
      yield parse(element);
    }
  }
  text += decode(undefined);
  for (const element of scan()) {
    elements += 1;
    yield parse(element);
  }
  if (!end.closed) throw invalid();
}
