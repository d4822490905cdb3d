/** Who holds an item at a moment, read from its provenance (docs/timeline-engine.md). Pure, so tested directly. */
import type { ItemProvenance } from '@loreforge/contract';

/** One holder at the moment: the character, and the quantity when the holding is still open at the end. */
export interface HolderAt {
  characterId: string;
  name: string;
  /** Known for a holding that lasts to the end of the timeline; null when it ends later than the moment. */
  quantity: number | null;
}

/**
 * The holders of an item at `at`: the periods begun by then (a null start is the stored record) and not yet ended
 * (an event at exactly `at` has taken effect, so a period ending then is over).
 * @param provenance the item's periods on one timeline; @param at an ISO date-time (the timeline's now).
 * @returns one row per period held at `at`, in the provenance's order.
 */
export function holdersAt(provenance: ItemProvenance, at: string): HolderAt[] {
  const moment = Date.parse(at);
  return provenance.periods
    .filter((p) => (p.from === null || Date.parse(p.from) <= moment) && (p.to === null || Date.parse(p.to) > moment))
    .map((p) => ({
      characterId: p.characterId,
      name: p.characterName ?? p.characterId.slice(0, 8),
      quantity: p.to === null ? p.quantity : null,
    }));
}
