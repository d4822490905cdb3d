/**
 * Mentions and backlinks (issue "Linked lore"): the entities whose text mentions one (GET …/{entity}/backlinks),
 * and the short summary a mention's hover card shows.
 */
import { useQuery } from '@tanstack/react-query';
import type { BacklinksResponse, MentionEntityType } from '@loreforge/contract';
import { api } from './client';

/**
 * The API path of an entity under its world.
 * @param parentId the map of a map point or area (their paths are under it); ignored for other types.
 */
export function entityApiPath(worldId: string, type: MentionEntityType, id: string, parentId?: string | null): string {
  const world = `/worlds/${encodeURIComponent(worldId)}`;
  const entity = encodeURIComponent(id);
  switch (type) {
    case 'character':
      return `${world}/characters/${entity}`;
    case 'item':
      return `${world}/items/${entity}`;
    case 'quest':
      return `${world}/quests/${entity}`;
    case 'event':
      return `${world}/events/${entity}`;
    case 'timeline':
      return `${world}/timelines/${entity}`;
    case 'map':
      return `${world}/maps/${entity}`;
    case 'mapPoint':
      return `${world}/maps/${encodeURIComponent(parentId ?? '')}/points/${entity}`;
    case 'mapArea':
      return `${world}/maps/${encodeURIComponent(parentId ?? '')}/areas/${entity}`;
    case 'goal':
      return `${world}/goals/${entity}`;
  }
}

/**
 * The entities whose text mentions an entity, as the reader may see them, sorted by name.
 * @throws ApiError 404 when the entity is missing or hidden from the reader.
 */
export function useBacklinks(worldId: string, type: MentionEntityType, id: string | undefined, parentId?: string | null) {
  return useQuery({
    queryKey: ['worlds', worldId, 'backlinks', type, id],
    queryFn: () => api.get<BacklinksResponse>(`${entityApiPath(worldId, type, id ?? '', parentId)}/backlinks`),
    enabled: Boolean(worldId && id) && ((type !== 'mapPoint' && type !== 'mapArea') || Boolean(parentId)),
  });
}

/** What a mention's hover card shows: the entity's name and its plain description. */
export interface MentionSummary {
  name: string;
  description: string | null;
}

/**
 * Loads the summary of a mentioned entity, only while `enabled` (the card is open).
 * @returns the query; its data has the name (a goal's title) and the plain description.
 */
export function useMentionSummary(worldId: string, type: MentionEntityType, id: string, parentId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['worlds', worldId, 'mention-summary', type, id],
    queryFn: async (): Promise<MentionSummary> => {
      const entity = await api.get<{ name?: string; title?: string; description: string | null }>(
        entityApiPath(worldId, type, id, parentId),
      );
      return { name: entity.name ?? entity.title ?? '', description: entity.description };
    },
    enabled,
    staleTime: 30_000,
  });
}
