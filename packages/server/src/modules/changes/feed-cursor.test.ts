import { describe, expect, it } from 'vitest';
import { CURSOR_POSITION_MAX, FeedCursorCodec, deriveCursorKey, feedPositions } from './feed-cursor.js';

const key = deriveCursorKey('feed-cursor-test-secret');
const world = '0b8f6a52-4a0b-4c36-9d0e-5f6f0e6c2a11';

describe('feed cursors', () => {
  it('give each reader a whole number per position that only that reader can pass back', () => {
    const mine = new FeedCursorCodec(key, world, 'player-a');
    const theirs = new FeedCursorCodec(key, world, 'player-b');
    const positions = [1, 2, 3, 41, 42, 43, 1_000_000, CURSOR_POSITION_MAX];
    const cursors = positions.map((position) => mine.encode(position));
    for (const cursor of cursors) expect(Number.isSafeInteger(cursor)).toBe(true);
    expect(cursors.map((cursor) => mine.decode(cursor))).toEqual(positions);
    expect(new Set(cursors).size).toBe(positions.length);
    // Another member's cursors are refused (each has a one in a million chance of naming some position).
    const refused = cursors.filter((cursor) => theirs.decode(cursor) === undefined).length;
    expect(refused).toBe(cursors.length);
    // So are made-up numbers, e.g. the log's own ones.
    expect(positions.filter((position) => mine.decode(position) === undefined)).toHaveLength(positions.length);
  });

  it('differ between worlds and server keys for the same reader and position', () => {
    const one = new FeedCursorCodec(key, world, 'player-a').encode(42);
    expect(new FeedCursorCodec(key, '7d1f3b1e-2c55-4b89-a6b4-3d8f1c2e9f00', 'player-a').encode(42)).not.toBe(one);
    expect(new FeedCursorCodec(deriveCursorKey('another secret'), world, 'player-a').encode(42)).not.toBe(one);
  });

  it('show editors the log numbers and players their cursors; editors may send either', () => {
    const scope = (role: string, seesSecrets: boolean) => ({ world: { id: world }, userId: 'u1', role, seesSecrets });
    const editor = feedPositions(key, scope('editor', true));
    const player = feedPositions(key, scope('player', false));
    expect(editor.show(42)).toBe(42);
    expect(player.show(42)).not.toBe(42);
    expect(player.read(player.show(42))).toBe(42);
    expect(player.read(42)).toBeUndefined();
    expect(editor.read(42)).toBe(42);
    // A cursor from the time the editor was a player still resumes.
    expect(player.show(42)).toBeGreaterThan(CURSOR_POSITION_MAX);
    expect(editor.read(player.show(42))).toBe(42);
    expect(player.show(0)).toBe(0);
    expect(player.read(0)).toBe(0);
  });
});
