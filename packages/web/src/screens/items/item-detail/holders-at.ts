/** Who holds an item at a moment, read from its provenance (docs/timeline-engine.md). Pure, so tested directly. */
import type { ItemProvenance } from '@loreforge/contract';

/** One holder at the moment: the character, and the quantity when the holding is still open at the end. */
export interface HolderAt {
  characterId: string;
  name: string;
  /** Known for a holding that lasts to the end of the timeline; null when it ends later than the moment. */
  quantity: number | null;
}

/** A moment of a timeline: an ISO date-time (Gregorian), or an instant of the timeline's calendar as digits. */
export type HoldersMoment = string | { instant: string };

type Period = ItemProvenance['periods'][number];

/** Whether a period's bound lies at or before the moment (ISO compared as dates, instants as whole minutes). */
function reached(iso: string | null, instant: string | null | undefined, at: HoldersMoment): boolean {
  if (typeof at === 'string') return iso !== null && Date.parse(iso) <= Date.parse(at);
  return instant !== null && instant !== undefined && BigInt(instant) <= BigInt(at.instant);
}

/** Whether a period is held at the moment: begun by then, and not yet ended. */
const heldAt = (p: Period, at: HoldersMoment): boolean =>
  (p.fromEventId === null || reached(p.from, p.fromInstant, at)) && (p.toEventId === null || !reached(p.to, p.toInstant, at));

/**
 * The holders of an item at `at`: the periods begun by then (a null start is the stored record) and not yet ended
 * (an event at exactly `at` has taken effect, so a period ending then is over).
 * @param provenance the item's periods on one timeline; @param at the timeline's now: an ISO date-time on a
 *   Gregorian timeline, or `{instant}` on one with its own calendar (issue 12).
 * @returns one row per period held at `at`, in the provenance's order.
 */
export function holdersAt(provenance: ItemProvenance, at: HoldersMoment): HolderAt[] {
  return provenance.periods
    .filter((p) => heldAt(p, at))
    .map((p) => ({
      characterId: p.characterId,
      name: p.characterName ?? p.characterId.slice(0, 8),
      quantity: p.to === null ? p.quantity : null,
    }));
}
