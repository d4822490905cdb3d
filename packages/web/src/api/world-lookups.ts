/**
 * Whole-world lookups for pickers and labels: every map point of a world grouped by map (a character's current
 * location is a map point, SPEC §3 Character), and every quest of a world (its active quests).
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import type { MapPoint, Quest, WorldMap } from '@loreforge/contract';
import { mapsResource, pointsResource, questsResource } from './registry';
import { LOOKUP_PARAMS } from './lookup';
import { useResourceLookup } from './resource';

/** One map and its points, sorted by name. */
export interface MapLocationGroup {
  map: WorldMap;
  points: MapPoint[];
}

/** What {@link useWorldLocations} answers. */
export interface WorldLocations {
  /** Maps that have at least one point, sorted by name, each with its points. */
  groups: MapLocationGroup[];
  /** True until the maps and every map's points have loaded. */
  isPending: boolean;
  /** True when the maps or any map's points could not be loaded. */
  isError: boolean;
  /** The point with this id and its map, when loaded. */
  find: (pointId: string | null | undefined) => { map: WorldMap; point: MapPoint } | undefined;
}

/**
 * Every point of every map of a world (up to 1000 maps, 1000 points each), sharing the cache of the map
 * screens, so a point added on a map shows up here at once.
 * @param worldId the world; @param enabled false to wait.
 */
export function useWorldLocations(worldId: string, enabled = true): WorldLocations {
  const maps = mapsResource(worldId);
  const mapList = useResourceLookup(maps, enabled && worldId !== '');
  const mapRows = mapList.data?.data ?? [];
  const pointLists = useQueries({
    queries: mapRows.map((map) => {
      const points = pointsResource(worldId, map.mapId);
      return {
        queryKey: points.listKey(LOOKUP_PARAMS),
        queryFn: ({ signal }: { signal: AbortSignal }) => points.list(LOOKUP_PARAMS, signal),
      };
    }),
  });
  const groups = mapRows
    .map((map, index) => ({ map, points: pointLists[index]?.data?.data ?? [] }))
    .filter((group) => group.points.length > 0);
  return {
    groups,
    isPending: mapList.isPending || pointLists.some((list) => list.isPending),
    isError: mapList.isError || pointLists.some((list) => list.isError),
    find: (pointId) => {
      if (!pointId) return undefined;
      for (const group of groups) {
        const point = group.points.find((candidate) => candidate.pointId === pointId);
        if (point) return { map: group.map, point };
      }
      return undefined;
    },
  };
}

/**
 * Every quest of a world (up to 1000), sorted by name.
 * @param worldId the world; @param enabled false to wait.
 */
export function useWorldQuests(worldId: string, enabled = true) {
  const quests = questsResource(worldId);
  return useQuery({
    queryKey: quests.listKey(LOOKUP_PARAMS),
    queryFn: ({ signal }) => quests.list(LOOKUP_PARAMS, signal),
    enabled: enabled && worldId !== '',
    select: (result): Quest[] => result.data,
  });
}
