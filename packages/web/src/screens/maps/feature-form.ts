/** Validation helpers shared by the point and area dialogs. */
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { richTextToPlain } from '../../components/rich-text/rich-text-dom';

/** Field name → the first message about it. */
export type FieldMessages = Record<string, string>;

/**
 * Collects the first message per top-level field of a failed parse, so nested issues (a polygon vertex, a
 * linked entity's id) show under the control they belong to.
 */
export function issueMessages(error: z.ZodError): FieldMessages {
  const out: FieldMessages = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}

/** The server's per-field messages of a failed save (top-level names only), or none. */
export function serverFieldMessages(error: unknown): FieldMessages {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const out: FieldMessages = {};
  for (const [name, message] of Object.entries(error.fields)) out[name.split('.')[0] ?? name] ??= message;
  return out;
}

/**
 * Parses a number input: '' stays '' (the schema says it is required), numeric text becomes a number, other
 * text stays text (the schema says it must be a number).
 */
export function numberInput(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : text;
}

/**
 * The description fields a point or area dialog sends (issue "Linked lore" rich text, docs/rich-text.md): the
 * editor's HTML as `descriptionHtml` with its plain text as `description` (what the schema's length rule checks);
 * an empty editor sends only `description: ''`, which clears both.
 * @param html the editor's HTML, '' when empty.
 */
export function descriptionFields(html: string): { description: string; descriptionHtml?: string } {
  return html === '' ? { description: '' } : { description: richTextToPlain(html), descriptionHtml: html };
}
