/**
 * A world's characters ordered by name, then id, both compared character code by character code — the order of
 * the state's pages and of every answer that lists characters (docs/timeline-engine.md "Paging and searching").
 * Packed into two strings and two offset arrays (about 65 bytes a character) instead of an object per character,
 * since it is the one thing the engine keeps that grows with the world, and only when a page is asked for.
 */

/** Orders two characters by name, then id (code units); a sort comparator. */
export function compareByNameThenId(a: { id: string; name: string }, b: { id: string; name: string }): number {
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

/** One page of the characters whose name contains a text. */
export interface NamePage {
  /** The page's character ids, in order. */
  ids: string[];
  /** How many characters match in all. */
  total: number;
}

/** A world's characters by name, then id, with their lowercased names for searching. Read-only once built. */
export class NameOrder {
  private constructor(
    private readonly idText: string,
    private readonly idEnds: Uint32Array,
    private readonly lowerText: string,
    private readonly lowerEnds: Uint32Array,
  ) {}

  /**
   * Builds the order of some characters.
   * @param characters every character of the world with its name, in any order (nearly sorted is fastest).
   */
  static build(characters: Array<{ id: string; name: string }>): NameOrder {
    characters.sort(compareByNameThenId);
    const idEnds = new Uint32Array(characters.length);
    const lowerEnds = new Uint32Array(characters.length);
    const ids: string[] = [];
    const lowers: string[] = [];
    let idEnd = 0;
    let lowerEnd = 0;
    characters.forEach(({ id, name }, index) => {
      const lower = name.toLowerCase();
      idEnd += id.length;
      lowerEnd += lower.length;
      idEnds[index] = idEnd;
      lowerEnds[index] = lowerEnd;
      ids.push(id);
      lowers.push(lower);
    });
    return new NameOrder(ids.join(''), idEnds, lowers.join(''), lowerEnds);
  }

  /** How many characters the order holds. */
  get size(): number {
    return this.idEnds.length;
  }

  /** Roughly how many bytes it holds, counting a byte a code unit (ids and most names are Latin-1 text). */
  get bytes(): number {
    return this.idText.length + this.lowerText.length + this.idEnds.byteLength + this.lowerEnds.byteLength;
  }

  /** The id at a position (0-based); '' past the end. */
  idAt(position: number): string {
    if (position < 0 || position >= this.size) return '';
    return this.idText.slice(position === 0 ? 0 : this.idEnds[position - 1], this.idEnds[position]);
  }

  /**
   * One page of the characters whose lowercased name contains `needle`.
   * @param needle already trimmed and lowercased; '' matches every character.
   * @param from how many matches to skip; `count` how many to answer at most.
   */
  page(needle: string, from: number, count: number): NamePage {
    const ids: string[] = [];
    if (needle === '') {
      for (let position = from; position < Math.min(from + count, this.size); position += 1) ids.push(this.idAt(position));
      return { ids, total: this.size };
    }
    let total = 0;
    let position = 0;
    let searchFrom = 0;
    for (;;) {
      const found = this.lowerText.indexOf(needle, searchFrom);
      if (found === -1) break;
      // Occurrences come in increasing order, so the name holding one is found by walking forward.
      while (position < this.size && (this.lowerEnds[position] ?? 0) <= found) position += 1;
      if (position >= this.size) break;
      if (found + needle.length <= (this.lowerEnds[position] ?? 0)) {
        if (total >= from && total < from + count) ids.push(this.idAt(position));
        total += 1;
        searchFrom = this.lowerEnds[position] ?? 0;
      } else {
        // The occurrence runs into the next name: not a match, look again from the next code unit.
        searchFrom = found + 1;
      }
    }
    return { ids, total };
  }
}
