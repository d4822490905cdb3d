/**
 * Reads an event's change fields in the versioned format of the contract (`{ version: 1, changes: [...] }`).
 * Each entry is checked on its own so one bad entry of an old event does not hide the others; values without
 * `version` are the old free form, kept but never applied (issue 5, docs/timeline-engine.md "Change format").
 */
import type { z } from 'zod';
import {
  type AttributeChange,
  AttributeChangeSchema,
  CHANGE_FORMAT_VERSION,
  type InventoryChange,
  InventoryChangeSchema,
  type RelationshipChange,
  RelationshipChangeSchema,
} from '@loreforge/contract';
import { readAttributeChangeFast, readInventoryChangeFast } from './change-fast-path.js';
import type { ChangeField } from './types.js';

/** A problem in a change field: where (`inventoryChanges.changes[2].itemId`) and what. */
export interface ChangeProblem {
  /** The entry it concerns (`inventoryChanges.changes[2]`), or the field itself. */
  entry: string;
  /** The exact place (`inventoryChanges.changes[2].itemId`). */
  path: string;
  message: string;
}

/** A change field read: nothing, the old free form, or versioned entries (with their index) and problems. */
export type ParsedField<T> =
  | { readonly form: 'empty' }
  | { readonly form: 'freeForm' }
  | { form: 'versioned'; changes: Array<{ index: number; change: T }>; problems: readonly ChangeProblem[] };

/*
 * A replay keeps every event's parsed fields for as long as it is cached, three per event: the fields that hold
 * nothing, or the old free form, and the lists of problems that are empty, are one shared value each.
 */
const EMPTY = Object.freeze({ form: 'empty' as const });
const FREE_FORM = Object.freeze({ form: 'freeForm' as const });
const NO_PROBLEMS: readonly ChangeProblem[] = Object.freeze([]);

/** An event's three fields read. */
export interface ParsedChanges {
  characterAttributeChanges: ParsedField<AttributeChange>;
  inventoryChanges: ParsedField<InventoryChange>;
  relationshipChanges: ParsedField<RelationshipChange>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Formats a path inside a field the way messages name it: ['changes', 2, 'itemId'] → 'changes[2].itemId'.
 * @returns the field name followed by the path.
 */
export function formatChangePath(field: ChangeField, path: readonly PropertyKey[]): string {
  let text: string = field;
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : `.${String(part)}`;
  return text;
}

/**
 * Whether a stored or submitted value is in the versioned format (an object with a `version` key).
 * Anything else that is not null is the old free form.
 */
export const isVersionedValue = (value: unknown): value is Record<string, unknown> => isRecord(value) && 'version' in value;

function problemsOf(field: ChangeField, prefix: readonly PropertyKey[], error: z.ZodError): ChangeProblem[] {
  const entry = formatChangePath(field, prefix);
  return error.issues.map((issue) => ({ entry, path: formatChangePath(field, [...prefix, ...issue.path]), message: issue.message }));
}

/**
 * Reads one change field.
 * @param raw the stored JSON value (null, free form, or versioned).
 * @returns its form; for versioned values every valid entry with its index, and a problem per invalid entry.
 */
function parseChangeField<T>(
  field: ChangeField,
  raw: unknown,
  schema: z.ZodType<T>,
  readFast: (entry: unknown) => T | undefined = () => undefined,
): ParsedField<T> {
  if (raw === null || raw === undefined) return EMPTY;
  if (!isVersionedValue(raw)) return FREE_FORM;
  const problems: ChangeProblem[] = [];
  if (raw.version !== CHANGE_FORMAT_VERSION) {
    const path = formatChangePath(field, ['version']);
    problems.push({ entry: field, path, message: `version must be ${CHANGE_FORMAT_VERSION}.` });
    return { form: 'versioned', changes: [], problems };
  }
  if (!Array.isArray(raw.changes)) {
    const path = formatChangePath(field, ['changes']);
    problems.push({ entry: field, path, message: 'changes must be a list of changes.' });
    return { form: 'versioned', changes: [], problems };
  }
  const changes: Array<{ index: number; change: T }> = [];
  raw.changes.forEach((entry: unknown, index: number) => {
    const fast = readFast(entry);
    if (fast !== undefined) {
      changes.push({ index, change: fast });
      return;
    }
    const result = schema.safeParse(entry);
    if (result.success) changes.push({ index, change: result.data });
    else problems.push(...problemsOf(field, ['changes', index], result.error));
  });
  // A list built by push keeps room to grow (17 places for a first entry); slice() keeps the entries only.
  return { form: 'versioned', changes: changes.slice(), problems: problems.length === 0 ? NO_PROBLEMS : problems };
}

/**
 * Reads the three change fields of an event.
 * @returns each field's form, entries and problems; never throws.
 */
export function parseEventChanges(event: {
  characterAttributeChanges: unknown;
  inventoryChanges: unknown;
  relationshipChanges: unknown;
}): ParsedChanges {
  return {
    characterAttributeChanges: parseChangeField(
      'characterAttributeChanges',
      event.characterAttributeChanges,
      AttributeChangeSchema,
      readAttributeChangeFast,
    ),
    inventoryChanges: parseChangeField('inventoryChanges', event.inventoryChanges, InventoryChangeSchema, readInventoryChangeFast),
    relationshipChanges: parseChangeField('relationshipChanges', event.relationshipChanges, RelationshipChangeSchema),
  };
}
