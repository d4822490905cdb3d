/**
 * The event form's change helper, kept pure so it is tested directly: appends one change to a change field's
 * JSON text in the versioned format (docs/timeline-engine.md), checked against the contract's schemas.
 */
import {
  AttributeChangesDocumentSchema,
  CHANGE_FORMAT_VERSION,
  InventoryChangesDocumentSchema,
  RelationshipChangesDocumentSchema,
} from '@loreforge/contract';

/** Which change field a helper writes to. */
export type ChangeKind = 'attribute' | 'inventory' | 'relationship';

const SCHEMAS = {
  attribute: AttributeChangesDocumentSchema,
  inventory: InventoryChangesDocumentSchema,
  relationship: RelationshipChangesDocumentSchema,
} as const;

/** The outcome of {@link appendChange}: the new JSON text, or why it could not be written. */
export type AppendResult = { ok: true; text: string } | { ok: false; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Appends `change` to the versioned document held in `text` (empty text starts `{ "version": 1, "changes": [] }`).
 * Refuses text that is not JSON or not a versioned document (the writer's own free form is left alone), and a
 * result that the contract's schema rejects, naming the first field at fault.
 * @returns the pretty-printed new text, or a message.
 */
export function appendChange(text: string, kind: ChangeKind, change: Record<string, unknown>): AppendResult {
  let current: unknown = { version: CHANGE_FORMAT_VERSION, changes: [] };
  if (text.trim()) {
    try {
      current = JSON.parse(text) as unknown;
    } catch {
      return { ok: false, message: 'The JSON above does not parse; correct or clear it before adding a change.' };
    }
  }
  if (!isRecord(current) || current.version !== CHANGE_FORMAT_VERSION || !Array.isArray(current.changes)) {
    return {
      ok: false,
      message: `The JSON above is not in the versioned format ({ "version": ${CHANGE_FORMAT_VERSION}, "changes": [...] }); clear it to use the helper.`,
    };
  }
  const next = { ...current, changes: [...(current.changes as unknown[]), change] };
  const checked = SCHEMAS[kind].safeParse(next);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.slice(2).join('.') ?? '';
    return { ok: false, message: `${where ? `${where}: ` : ''}${issue?.message ?? 'This change does not follow the format.'}` };
  }
  return { ok: true, text: JSON.stringify(next, null, 2) };
}

/**
 * Reads a value typed for `set`: JSON when it parses (numbers, true, objects…), else the text itself, so
 * `Kansas` and `"Kansas"` both mean the string.
 */
export function readTypedValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
