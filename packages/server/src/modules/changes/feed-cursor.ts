/**
 * Feed positions as players and viewers see them (issue 11 "a player never learns that a secret exists … change
 * feeds"; docs/live-updates.md "Positions"). The world's change log numbers every write 1, 2, 3 …; shown as is,
 * a gap (41, then 43) would tell a reader that something they may not see changed at 42. Readers who do not see
 * secrets are given each position as a keyed permutation of it instead: still a whole number (so an integration
 * passes it back as `after=` or `Last-Event-ID` unchanged), but not ordered, not comparable between readers and
 * worlds, and not guessable.
 *
 * - The key is HMAC-SHA256(server key, worldId, userId): derived from TOKEN_SECRET, which every instance shares,
 *   so a cursor resumes on any instance and nothing is kept per process or per connection.
 * - A position p (1 … 2^32 − 1) is packed with a 20-bit tag (HMAC of p) into 52 bits, which a four-round Feistel
 *   network (26-bit halves, HMAC round function) permutes. Decoding inverts the network and checks the tag, so a
 *   made-up number or another reader's cursor is refused (a chance of one in a million of passing by luck, and
 *   then it only names a position of the log, which the reader's visibility rule still filters).
 * - Editors and the owner see every change, so their positions are the log's own numbers.
 */
import crypto from 'node:crypto';

const HALF_BITS = 26;
const HALF = 2 ** HALF_BITS;
const TAG_BITS = 20;
const TAG = 2 ** TAG_BITS;
/** Largest position a cursor can carry. */
export const CURSOR_POSITION_MAX = 2 ** 32 - 1;
const ROUNDS = 4;

/** The part of the server key the cursors use, derived from the token secret (never the secret itself). */
export function deriveCursorKey(tokenSecret: string | Buffer): Buffer {
  return crypto.createHmac('sha256', tokenSecret).update('loreforge feed cursors v1').digest();
}

/** Reads the first `bits` (≤ 32) bits of an HMAC of `parts` under `key`. */
function prf(key: Buffer, bits: number, ...parts: number[]): number {
  const input = Buffer.alloc(parts.length * 8);
  parts.forEach((part, index) => input.writeDoubleBE(part, index * 8));
  return crypto.createHmac('sha256', key).update(input).digest().readUInt32BE(0) >>> (32 - bits);
}

/** The cursors of one reader in one world. */
export class FeedCursorCodec {
  readonly #key: Buffer;

  /**
   * @param serverKey from `deriveCursorKey`; @param worldId and @param userId the reader's world and account.
   */
  constructor(serverKey: Buffer, worldId: string, userId: string) {
    this.#key = crypto.createHmac('sha256', serverKey).update(`${worldId}\0${userId}`).digest();
  }

  /**
   * The cursor of a log position.
   * @param position 1 … CURSOR_POSITION_MAX. @returns a whole number below 2^52.
   * @throws RangeError for a position outside that range (a log that long does not exist).
   */
  encode(position: number): number {
    if (!Number.isInteger(position) || position < 1 || position > CURSOR_POSITION_MAX)
      throw new RangeError(`No cursor for position ${position}.`);
    const packed = position * TAG + prf(this.#key, TAG_BITS, 0, position);
    let left = Math.floor(packed / HALF);
    let right = packed % HALF;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const next = (left ^ prf(this.#key, HALF_BITS, round, right)) >>> 0;
      left = right;
      right = next;
    }
    return left * HALF + right;
  }

  /**
   * The log position a cursor of this reader names.
   * @returns the position, or undefined when the number is not one of this reader's cursors.
   */
  decode(cursor: number): number | undefined {
    if (!Number.isInteger(cursor) || cursor < 0 || cursor >= HALF * HALF) return undefined;
    let left = Math.floor(cursor / HALF);
    let right = cursor % HALF;
    for (let round = ROUNDS; round >= 1; round -= 1) {
      const previous = (right ^ prf(this.#key, HALF_BITS, round, left)) >>> 0;
      right = left;
      left = previous;
    }
    const packed = left * HALF + right;
    const position = Math.floor(packed / TAG);
    if (position < 1 || packed % TAG !== prf(this.#key, TAG_BITS, 0, position)) return undefined;
    return position;
  }
}

/** The positions of the feed as one reader sends and receives them. */
export interface FeedPositions {
  /** The number a reader is shown for a log position (0, the start, stays 0). */
  show: (position: number) => number;
  /** The log position a number the reader sent names (0 is the start), or undefined when it is not theirs. */
  read: (value: number) => number | undefined;
}

/**
 * The feed positions of a reader: log numbers for readers who see secrets, keyed cursors for the others.
 * Editors and the owner may also send a cursor they were shown while they were a player or viewing as one (any
 * number above CURSOR_POSITION_MAX is read as a cursor), and any log number, since they see every change.
 * @param serverKey `app.feedCursorKey`; @param scope who reads, in which world.
 */
export function feedPositions(
  serverKey: Buffer,
  scope: { world: { id: string }; userId: string; role: string; seesSecrets: boolean },
): FeedPositions {
  const codec = new FeedCursorCodec(serverKey, scope.world.id, scope.userId);
  const trusted = scope.role === 'owner' || scope.role === 'editor';
  return {
    show: (position) => (position === 0 || scope.seesSecrets ? position : codec.encode(position)),
    read: (value) => {
      if (value === 0) return 0;
      if (trusted && value <= CURSOR_POSITION_MAX) return value;
      return codec.decode(value);
    },
  };
}
