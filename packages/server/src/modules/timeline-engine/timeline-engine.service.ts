/**
 * Loads a timeline's replay through the cache (issue 5): the version and fingerprint are read first, then, on a
 * miss, the start state (shared by the world's timelines), the chain of timelines and their events.
 */
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors/app-error.js';
import type { TimelineEvents } from './engine.types.js';
import { type Replay, replayTimeline } from './replay.js';
import type { EngineCache } from './timeline-engine.cache.js';
import { loadStartState, loadTimelineChain, loadTimelineEvents, readWorldFingerprint } from './timeline-engine.repository.js';

/**
 * A timeline's replay, from the cache when nothing it reads has changed.
 * @returns the replay (read-only).
 * @throws AppError 404 'Timeline not found.' when the timeline is not in the world.
 */
export async function loadReplay(db: Db, cache: EngineCache, worldId: string, timelineId: string): Promise<Replay> {
  // The world is part of the key so a timeline id asked under another world can never hit this world's entry.
  const key = `${worldId}|${cache.versionOf(worldId)}|${await readWorldFingerprint(db, worldId)}`;
  const cached = cache.getReplay(timelineId, key);
  if (cached) return cached;
  const chain = await loadTimelineChain(db, worldId, timelineId);
  if (!chain) throw notFound('Timeline');
  let start = cache.getStart(worldId, key);
  if (!start) {
    start = await loadStartState(db, worldId);
    cache.setStart(worldId, key, start);
  }
  const events = await loadTimelineEvents(db, worldId, chain.map((timeline) => timeline.id));
  const input: TimelineEvents[] = chain.map((timeline) => ({ timeline, events: events.get(timeline.id) ?? [] }));
  const replay = replayTimeline(start, input);
  cache.setReplay(timelineId, key, replay);
  return replay;
}
