/**
 * Applies one event's changes to a draft state, in a fixed order: attribute changes, then inventory, then
 * relationships, each in list order. Each entry applies whole or not at all; an entry that cannot apply is
 * reported as an issue and skipped, never thrown (issue 5, docs/timeline-engine.md "Applying changes").
 */
import { type AttributeChange, type InventoryChange, LIMITS, type RelationshipChange } from '@loreforge/contract';
import { copyJson, readAttribute, removeAttribute, writeAttribute } from './attribute-path.js';
import type { ParsedChanges, ParsedField } from './change-parse.js';
import type { AppliedChange, ChangeField, EngineIssue, Holding, IssueKind, JsonValue, RelationshipValues, StartState } from './types.js';
import type { StateDraft } from './state-draft.js';

/** What applying an event did: the changes made and the problems met. */
export interface EventOutcome {
  applied: readonly AppliedChange[];
  issues: readonly EngineIssue[];
}

/** The outcome's lists while the event applies. */
interface OutcomeDraft {
  applied: AppliedChange[];
  issues: EngineIssue[];
}

/** An empty list of an outcome: a replay keeps an outcome per event, and most events have no issue. */
const NONE: readonly never[] = Object.freeze([]);

/** The event being applied and where its outcome goes. */
interface ApplyContext {
  draft: StateDraft;
  names: Pick<StartState, 'characterNames' | 'itemNames'>;
  eventId: string;
  timelineId: string;
  outcome: OutcomeDraft;
}

const DEFAULT_RELATIONSHIP: RelationshipValues = {
  relationshipType: 'Stranger',
  description: null,
  affinity: 0,
  powerBalance: 0,
  trustLevel: 0,
  communicationStyle: null,
  pastInteractions: null,
  currentGoalAlignment: null,
  dependenceLevel: null,
};

const SCORE_FIELDS = ['affinity', 'powerBalance', 'trustLevel'] as const;

function report(ctx: ApplyContext, kind: IssueKind, location: string | null, characterId: string | null, message: string): void {
  ctx.outcome.issues.push({
    kind,
    eventId: ctx.eventId,
    timelineId: ctx.timelineId,
    location,
    characterId,
    message: location === null ? message : `${location}: ${message}`,
  });
}

const characterLabel = (ctx: ApplyContext, id: string): string => ctx.names.characterNames.get(id) ?? `character ${id}`;
const itemLabel = (ctx: ApplyContext, id: string): string => ctx.names.itemNames.get(id) ?? `item ${id}`;

/** Reports a missing character and answers false, or answers true when it exists. */
function requireCharacter(ctx: ApplyContext, location: string, characterId: string): boolean {
  if (ctx.draft.has(characterId)) return true;
  report(ctx, 'missingCharacter', location, characterId, `No character with id ${characterId} in this world (it may have been deleted).`);
  return false;
}

function applyAttribute(ctx: ApplyContext, location: string, change: AttributeChange): void {
  if (!requireCharacter(ctx, location, change.characterId)) return;
  const current = ctx.draft.read(change.characterId);
  if (current === undefined) return;
  const beforeValue = readAttribute(current.attributes, change.path);
  let after: JsonValue | undefined;
  if (change.op === 'unset') {
    if (beforeValue === undefined) return;
    after = undefined;
  } else if (change.op === 'set') {
    after = copyJson(change.value);
  } else {
    const base = beforeValue ?? 0;
    if (typeof base !== 'number') {
      report(
        ctx,
        'attributeNotNumber',
        location,
        change.characterId,
        `${characterLabel(ctx, change.characterId)}'s ${change.path} is not a number, so it cannot be incremented.`,
      );
      return;
    }
    const sum = base + change.by;
    // The same range as input numbers (input-guard.ts): past it JSON keeps null (not finite) or lost digits.
    if (!Number.isFinite(sum) || Math.abs(sum) > Number.MAX_SAFE_INTEGER) {
      report(
        ctx,
        'attributeNumberOutOfRange',
        location,
        change.characterId,
        `${characterLabel(ctx, change.characterId)}'s ${change.path} would become ${sum}, beyond the numbers kept exactly (±${Number.MAX_SAFE_INTEGER}).`,
      );
      return;
    }
    after = sum;
  }
  const target = ctx.draft.write(change.characterId);
  if (target === undefined) return;
  const ok = after === undefined ? removeAttribute(target.attributes, change.path) : writeAttribute(target.attributes, change.path, after);
  if (!ok && after !== undefined) {
    report(
      ctx,
      'attributePathBlocked',
      location,
      change.characterId,
      `${characterLabel(ctx, change.characterId)}'s ${change.path} cannot be set: part of the path holds a value that is not an object.`,
    );
    return;
  }
  const before =
    beforeValue === undefined ? null : beforeValue !== null && typeof beforeValue === 'object' ? copyJson(beforeValue) : beforeValue;
  const recorded = after !== undefined && after !== null && typeof after === 'object' ? copyJson(after) : (after ?? null);
  ctx.outcome.applied.push({ kind: 'attribute', characterId: change.characterId, path: change.path, before, after: recorded });
}

function applyInventory(ctx: ApplyContext, location: string, change: InventoryChange): void {
  if (!requireCharacter(ctx, location, change.characterId)) return;
  if (!ctx.names.itemNames.has(change.itemId)) {
    report(ctx, 'missingItem', location, change.characterId, `No item with id ${change.itemId} in this world (it may have been deleted).`);
    return;
  }
  const before = ctx.draft.read(change.characterId)?.inventory.get(change.itemId) ?? null;
  const held = before?.quantity ?? 0;
  const quantity = held + change.quantity;
  const who = characterLabel(ctx, change.characterId);
  const what = itemLabel(ctx, change.itemId);
  if (quantity < 0) {
    report(ctx, 'quantityBelowZero', location, change.characterId, `${who} holds ${held} ${what}, so cannot lose ${-change.quantity}.`);
    return;
  }
  if (quantity > LIMITS.quantityMax) {
    report(
      ctx,
      'quantityAboveMax',
      location,
      change.characterId,
      `${who} holds ${held} ${what}, so cannot gain ${change.quantity}: a character holds at most ${LIMITS.quantityMax} of an item.`,
    );
    return;
  }
  if (change.equipped === true && quantity === 0) {
    report(ctx, 'equippedNotHeld', location, change.characterId, `${who} cannot equip ${what}: it is not held.`);
    return;
  }
  const equipped = quantity === 0 ? false : (change.equipped ?? before?.equipped ?? false);
  const after: Holding | null = quantity === 0 ? null : { quantity, equipped };
  if (before?.quantity === after?.quantity && before?.equipped === after?.equipped) return;
  const target = ctx.draft.write(change.characterId);
  if (target === undefined) return;
  if (after === null) target.inventory.delete(change.itemId);
  else target.inventory.set(change.itemId, after);
  ctx.outcome.applied.push({ kind: 'inventory', characterId: change.characterId, itemId: change.itemId, before, after });
}

/** Adds deltas to the scores, keeping each within the spec's -100…100 (reported when it had to). */
function withDeltas(
  ctx: ApplyContext,
  location: string,
  change: RelationshipChange & { op: 'update' },
  values: RelationshipValues,
): RelationshipValues {
  const next = { ...values };
  for (const field of SCORE_FIELDS) {
    const delta = change.delta?.[field];
    if (delta === undefined) continue;
    const raw = next[field] + delta;
    const kept = Math.min(LIMITS.relationshipScoreMax, Math.max(LIMITS.relationshipScoreMin, raw));
    if (kept !== raw) {
      report(ctx, 'scoreOutOfRange', location, change.characterId, `${field} would be ${raw}; it is kept at ${kept}.`);
    }
    next[field] = kept;
  }
  return next;
}

/**
 * The fields a relationship change sets. Parsed JSON never holds an undefined value, but the parsed type of an
 * optional field allows one; leaving such keys out keeps a merge from overwriting a value with undefined.
 */
function setFields(change: RelationshipChange & { op: 'create' | 'update' }): Partial<RelationshipValues> {
  return Object.fromEntries(Object.entries(change.set ?? {}).filter(([, value]) => value !== undefined));
}

function applyRelationship(ctx: ApplyContext, location: string, change: RelationshipChange): void {
  const { characterId, targetCharacterId } = change;
  if (characterId === targetCharacterId) {
    report(ctx, 'selfRelationship', location, characterId, `${characterLabel(ctx, characterId)} cannot have a relationship with itself.`);
    return;
  }
  if (!requireCharacter(ctx, location, characterId) || !requireCharacter(ctx, location, targetCharacterId)) return;
  const before = ctx.draft.read(characterId)?.relationships.get(targetCharacterId) ?? null;
  const pair = `${characterLabel(ctx, characterId)} → ${characterLabel(ctx, targetCharacterId)}`;
  let after: RelationshipValues | null;
  if (change.op === 'create') {
    if (before !== null) {
      report(ctx, 'relationshipExists', location, characterId, `The relationship ${pair} already exists; use op "update".`);
      return;
    }
    after = Object.assign({}, DEFAULT_RELATIONSHIP, setFields(change));
  } else if (before === null) {
    report(
      ctx,
      'relationshipMissing',
      location,
      characterId,
      `There is no relationship ${pair} to ${change.op === 'end' ? 'end' : 'update'}.`,
    );
    return;
  } else if (change.op === 'end') {
    after = null;
  } else {
    after = withDeltas(ctx, location, change, Object.assign({}, before, setFields(change)));
  }
  const target = ctx.draft.write(characterId);
  if (target === undefined) return;
  if (after === null) target.relationships.delete(targetCharacterId);
  else target.relationships.set(targetCharacterId, after);
  ctx.outcome.applied.push({ kind: 'relationship', characterId, targetCharacterId, before, after });
}

function reportForm(ctx: ApplyContext, field: ChangeField, parsed: ParsedField<unknown>): void {
  if (parsed.form === 'freeForm') {
    report(ctx, 'freeFormChanges', field, null, 'This value is in the old free form (it has no "version"), so it is kept but not applied.');
  } else if (parsed.form === 'versioned') {
    for (const problem of parsed.problems) {
      report(ctx, 'invalidChange', problem.entry, null, `${problem.path.slice(problem.entry.length + 1) || 'value'}: ${problem.message}`);
    }
  }
}

function entries<T>(parsed: ParsedField<T>): Array<{ index: number; change: T }> {
  return parsed.form === 'versioned' ? parsed.changes : [];
}

/**
 * Applies an event's parsed changes to the draft.
 * @param names characters' and items' names (for messages) and the items that exist.
 * @returns the changes made (with values before and after) and the issues met; never throws.
 */
export function applyEventChanges(
  draft: StateDraft,
  names: Pick<StartState, 'characterNames' | 'itemNames'>,
  event: { id: string; timelineId: string },
  parsed: ParsedChanges,
): EventOutcome {
  const ctx: ApplyContext = { draft, names, eventId: event.id, timelineId: event.timelineId, outcome: { applied: [], issues: [] } };
  reportForm(ctx, 'characterAttributeChanges', parsed.characterAttributeChanges);
  reportForm(ctx, 'inventoryChanges', parsed.inventoryChanges);
  reportForm(ctx, 'relationshipChanges', parsed.relationshipChanges);
  for (const { index, change } of entries(parsed.characterAttributeChanges)) {
    applyAttribute(ctx, `characterAttributeChanges.changes[${index}]`, change);
  }
  for (const { index, change } of entries(parsed.inventoryChanges)) {
    applyInventory(ctx, `inventoryChanges.changes[${index}]`, change);
  }
  for (const { index, change } of entries(parsed.relationshipChanges)) {
    applyRelationship(ctx, `relationshipChanges.changes[${index}]`, change);
  }
  const { applied, issues } = ctx.outcome;
  // slice(): a list built by push keeps room to grow, which a cached replay would hold for every event.
  return { applied: applied.length === 0 ? NONE : applied.slice(), issues: issues.length === 0 ? NONE : issues.slice() };
}
