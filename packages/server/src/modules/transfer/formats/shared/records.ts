/**
 * Building blocks every format importer shares: stable bundle ids for the source's records, the access fields of
 * a new record, and the list of what could not be carried over (issue 13: never dropped silently).
 */
import { v5 as uuidv5 } from 'uuid';
import { LIMITS, type NotMapped, type Visibility } from '@loreforge/contract';

/** Namespace of the ids importers give the source's records (any fixed UUID; ids only live until the import remaps them). */
const FORMAT_ID_NAMESPACE = '6f1c2a55-3b7e-4d2a-9a43-0c6f3e8b1d27';

/**
 * A bundle id for a record of a foreign format: the same source key always gives the same UUID, so one record
 * named from several places (a mention, a relation, an inventory) resolves to one id.
 * @param parts what identifies the record in its source, e.g. `('kanka', 'entity', 1001)`.
 * @returns a UUID string.
 */
export function formatId(...parts: ReadonlyArray<string | number>): string {
  return uuidv5(parts.join(':'), FORMAT_ID_NAMESPACE);
}

/** The fields of an imported relationship that no format this server reads carries, as a new relationship has them. */
export const RELATIONSHIP_DETAIL_DEFAULTS = {
  powerBalance: 0,
  trustLevel: 0,
  communicationStyle: null,
  pastInteractions: null,
  currentGoalAlignment: null,
  dependenceLevel: null,
} as const;

/** The branching fields of an imported timeline: a root timeline that may branch, from no genesis or branching event. */
export const TIMELINE_ROOT_FIELDS = {
  genesisEvent: null,
  initialStates: null,
  branchingEnabled: true,
  parentTimelineId: null,
  branchingEvent: null,
} as const;

/** The access fields of a record an importer creates: no reveals (user ids mean nothing in a new world), no author. */
export function accessFields(visibility: Visibility, gmNotes: string | null = null) {
  return { visibility, revealedTo: [] as string[], gmNotes: clampText(gmNotes), createdBy: null, updatedBy: null };
}

/**
 * Cuts text to the longest a stored text field holds (LIMITS.textMax), marking the cut.
 * @returns null for empty or absent text.
 */
export function clampText(text: string | null | undefined, max: number = LIMITS.textMax): string | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1)}…`;
}

/**
 * A name as stored: trimmed, cut to `max` characters and never empty.
 * @param fallback used when the source has no usable name.
 */
export function clampName(name: unknown, fallback: string, max: number = LIMITS.nameMax): string {
  const text = typeof name === 'string' || typeof name === 'number' ? String(name).trim() : '';
  const usable = text === '' ? fallback : text;
  return usable.length <= max ? usable : usable.slice(0, max);
}

/** Collects what an importer could not map, each with where it was in the archive and why. */
export class NotMappedList {
  private readonly items: NotMapped[] = [];
  private readonly seen = new Set<string>();

  /** Records one thing left out; the same path and reason are listed once. */
  add(path: string, reason: string): void {
    const key = `${path}\u0000${reason}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push({ path, reason });
  }

  /** Everything recorded, in the order it was found. */
  list(): NotMapped[] {
    return [...this.items];
  }
}

/** Clamps a number to the inclusive range, rounding to a whole number. Non-numbers give `fallback`. */
export function clampInt(value: unknown, min: number, max: number, fallback: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(min, Math.round(number)));
}
