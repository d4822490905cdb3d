/**
 * Turns what the inputs hold into what the schema and the API expect (SPEC §5 "On submit"): unchecked
 * checkboxes become false, numeric strings numbers, empty optional numbers are left out, JSON text is parsed,
 * rich text becomes its plain text plus its HTML.
 */
import { richTextToPlain } from '../rich-text/rich-text-dom';
import type { FieldConfig } from './types';

const NUMERIC = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/**
 * Converts one number input: '' → undefined (omitted), numeric text → number, anything else unchanged so
 * the schema reports '{label} must be a number.'.
 */
export function toNumberValue(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'string' && NUMERIC.test(value)) return Number(value);
  return value;
}

/**
 * Parses a JSON text input: '' → null (the schema's "no value"), valid JSON → its value, invalid JSON → the
 * raw text, which the field's schema rejects with its own message (e.g. 'Properties field contains invalid JSON.').
 */
export function toJsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
/** The payload key of a rich text field's HTML: `description` → `descriptionHtml`. */
export const richTextHtmlName = (name: string): string => `${name}Html`;

/**
 * Prepares every configured field of a form for validation and submission.
 * @param fields the form's field configs; @param raw the input values by field name.
 * @returns a new object: configured fields converted, other keys copied, omitted numbers deleted.
 */
export function prepareValues(fields: readonly FieldConfig[], raw: Record<string, unknown>): Record<string, unknown> {
  // A map, so that an omitted value's key can be dropped; its entries keep the input's order.
  const out = new Map(Object.entries(raw));
  for (const field of fields) {
    const value = raw[field.name];
    switch (field.type) {
      case 'checkbox':
        out.set(field.name, value === true || value === 'true' || value === 'on');
        break;
      case 'number':
      case 'range': {
        const converted = toNumberValue(value);
        if (converted === undefined) out.delete(field.name);
        else out.set(field.name, converted);
        break;
      }
      case 'json':
        out.set(field.name, toJsonValue(value));
        break;
      case 'richtext': {
        // The plain text goes where older clients put it (and is what the schema's length and required rules
        // check); the HTML goes beside it, and the server derives the stored plain text from it.
        const html = typeof value === 'string' ? value : '';
        out.set(field.name, html === '' ? '' : richTextToPlain(html));
        // No rich text: the plain text alone goes, as from any older client.
        if (html === '') out.delete(richTextHtmlName(field.name));
        else out.set(richTextHtmlName(field.name), html);
        break;
      }
      default:
        break;
    }
  }
  return Object.fromEntries(out);
}
