import type { SearchEntityType } from '@loreforge/contract';

/**
 * The address of an entity's page in the web app (SPEC §2 routes under a world).
 * @param parentId the map of a map point or area (they open their map), the first character of a relationship (it
 *   opens under them); ignored for other types.
 * @returns a path under /worlds/{worldId}; events open their edit form (they have no page of their own); a
 *   connection has no page of its own and opens the world (its hits open their source: searchHitPath).
 */
export function entityPath(worldId: string, type: SearchEntityType, id: string, parentId?: string | null): string {
  const world = `/worlds/${worldId}`;
  switch (type) {
    case 'character':
      return `${world}/characters/${id}`;
    case 'item':
      return `${world}/items/${id}`;
    case 'quest':
      return `${world}/quests/${id}`;
    case 'event':
      return `${world}/events/${id}/edit`;
    case 'timeline':
      return `${world}/timelines/${id}`;
    case 'map':
      return `${world}/maps/${id}`;
    case 'mapPoint':
    case 'mapArea':
      return `${world}/maps/${parentId ?? ''}`;
    case 'goal':
      return `${world}/goals/${id}`;
    case 'relationship':
      return `${world}/characters/${parentId ?? ''}/relationships/${id}`;
    case 'connection':
      return world;
  }
}
