/** Pure helpers that turn the timeline engine's answers into words and highlights (docs/timeline-engine.md). */
import type { AppliedChange } from '@loreforge/contract';
import { relationshipTypeLabel } from '../../lib/relationship-labels';

/**
 * @returns a value of the engine's state for display: '—' for absent, text, numbers and booleans as they are, a list
 * as its items joined by commas, and an attribute group as 'name: value' pairs joined by commas, a group inside a
 * group in parentheses ({ stats: { courage: 3, wits: 9 } } → 'stats: (courage: 3, wits: 9)'), never raw JSON.
 */
export function formatEngineValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const nested = (inner: unknown) =>
    typeof inner === 'object' && inner !== null ? `(${formatEngineValue(inner)})` : formatEngineValue(inner);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(nested).join(', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? 'empty' : entries.map(([key, inner]) => `${key}: ${nested(inner)}`).join(', ');
  }
  // JSON has nothing else; a bigint reads as its digits, anything stranger as absent.
  return typeof value === 'bigint' ? value.toString() : '—';
}

/** One line of what a change did: the thing changed, and its value before and after. */
export interface ChangeLine {
  /** e.g. 'courage', 'The Silver Shoes', '→ Dorothy: affinity'. */
  subject: string;
  before: string;
  after: string;
}

type RelationshipValues = Extract<AppliedChange, { kind: 'relationship' }>['after'];

function relationshipLines(target: string, before: RelationshipValues, after: RelationshipValues): ChangeLine[] {
  if (!before && !after) return [];
  if (!before)
    return [
      {
        subject: `→ ${target}`,
        before: 'none',
        after: `${relationshipTypeLabel(after?.relationshipType ?? '')}, affinity ${after?.affinity ?? 0}`,
      },
    ];
  if (!after)
    return [
      { subject: `→ ${target}`, before: `${relationshipTypeLabel(before.relationshipType)}, affinity ${before.affinity}`, after: 'ended' },
    ];
  const keys = Object.keys(after) as Array<keyof NonNullable<RelationshipValues>>;
  return keys
    .filter((key) => before[key] !== after[key])
    .map((key) => {
      const show = (value: unknown) =>
        key === 'relationshipType' && typeof value === 'string' ? relationshipTypeLabel(value) : formatEngineValue(value);
      return { subject: `→ ${target}: ${key}`, before: show(before[key]), after: show(after[key]) };
    });
}

/**
 * Describes an applied change as lines of "subject: before → after" (one per relationship field that moved).
 * A holding shows its quantity, with "(equipped)" when worn; absent values read 'none'.
 */
export function describeChange(change: AppliedChange): ChangeLine[] {
  switch (change.kind) {
    case 'attribute':
      return [{ subject: change.path, before: formatEngineValue(change.before), after: formatEngineValue(change.after) }];
    case 'inventory': {
      const holding = (h: typeof change.before) => (h ? `${h.quantity}${h.equipped ? ' (equipped)' : ''}` : 'none');
      return [{ subject: change.itemName ?? change.itemId.slice(0, 8), before: holding(change.before), after: holding(change.after) }];
    }
    case 'relationship':
      return relationshipLines(change.targetCharacterName ?? change.targetCharacterId.slice(0, 8), change.before, change.after);
  }
}

/** What an event changed on one character, as lookups for highlighting its state. */
export interface ChangedMarks {
  /** Attribute paths set, unset or incremented (their top-level names too). */
  attributes: Set<string>;
  /** Item ids whose holding changed. */
  items: Set<string>;
  /** Target character ids whose relationship changed. */
  relationships: Set<string>;
}

/** @returns the attributes, items and relationships of `characterId` that `changes` touched. */
export function changedMarks(changes: readonly AppliedChange[], characterId: string): ChangedMarks {
  const marks: ChangedMarks = { attributes: new Set(), items: new Set(), relationships: new Set() };
  for (const change of changes) {
    if (change.characterId !== characterId) continue;
    if (change.kind === 'attribute') {
      marks.attributes.add(change.path);
      marks.attributes.add(change.path.split('.')[0] ?? change.path);
    } else if (change.kind === 'inventory') marks.items.add(change.itemId);
    else marks.relationships.add(change.targetCharacterId);
  }
  return marks;
}

/**
 * Turns a `datetime-local` input value into the ISO instant the API reads, in UTC like every story date
 * ('2025-03-14T09:30' → '2025-03-14T09:30:00.000Z'); '' or an unreadable value gives undefined.
 */
export function dateTimeLocalToIso(value: string): string | undefined {
  if (!value) return undefined;
  const withSeconds = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
  const time = Date.parse(`${withSeconds}Z`);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
