/**
 * An item's provenance on a timeline (issue 5 "GET …/items/{itemId}/provenance"): who held it, from when to when.
 */
import type { Holding, StartState } from './types.js';
import type { Replay } from './replay.js';

/** A continuous period in which a character held an item. `from`/`to` null: since the start / still held. */
export interface HoldingPeriod {
  characterId: string;
  fromEventId: string | null;
  from: string | null;
  toEventId: string | null;
  to: string | null;
  /** The quantity held at the end of the period (or now). */
  quantity: number;
  /** The largest quantity held during the period. */
  maxQuantity: number;
}

/** The characters of a start state that hold an item, in the start state's order. */
function holdersIn(start: StartState, itemId: string): Array<{ characterId: string; holding: Holding }> {
  const holders: Array<{ characterId: string; holding: Holding }> = [];
  for (const [characterId, state] of start.characters) {
    const holding = state.inventory.get(itemId);
    if (holding) holders.push({ characterId, holding });
  }
  return holders;
}

/**
 * Every period in which a character held the item, over the whole sequence, ordered by start (the start's holders
 * first, in the order given).
 * @param startHolders who holds the item before any event, with the holding: every such character of the world
 *   (the replay holds only those its events name); by default those of the replay's start state.
 * @returns the periods; a character who lets go and takes it again has two.
 */
export function itemProvenance(
  replay: Replay,
  itemId: string,
  startHolders: ReadonlyArray<{ characterId: string; holding: Holding }> = holdersIn(replay.start, itemId),
): HoldingPeriod[] {
  const periods: HoldingPeriod[] = [];
  const open = new Map<string, HoldingPeriod>();
  for (const { characterId, holding } of startHolders) {
    const period = {
      characterId,
      fromEventId: null,
      from: null,
      toEventId: null,
      to: null,
      quantity: holding.quantity,
      maxQuantity: holding.quantity,
    };
    open.set(characterId, period);
    periods.push(period);
  }
  replay.plan.forEach((planned, index) => {
    for (const change of replay.outcomes[index]?.applied ?? []) {
      if (change.kind !== 'inventory' || change.itemId !== itemId) continue;
      const current = open.get(change.characterId);
      if (change.after === null) {
        if (current) {
          current.toEventId = planned.event.id;
          current.to = planned.event.dateTime;
          open.delete(change.characterId);
        }
      } else if (current) {
        current.quantity = change.after.quantity;
        current.maxQuantity = Math.max(current.maxQuantity, change.after.quantity);
      } else {
        const period: HoldingPeriod = {
          characterId: change.characterId,
          fromEventId: planned.event.id,
          from: planned.event.dateTime,
          toEventId: null,
          to: null,
          quantity: change.after.quantity,
          maxQuantity: change.after.quantity,
        };
        open.set(change.characterId, period);
        periods.push(period);
      }
    }
  });
  return periods;
}
