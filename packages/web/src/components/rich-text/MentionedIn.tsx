import { Link } from 'react-router';
import type { Backlink, MentionEntityType } from '@loreforge/contract';
import { useBacklinks } from '../../api/mentions';
import { handleError } from '../../api/client';
import { entityPath } from '../../lib/entity-path';
import { SEARCH_TYPE_LABELS } from '../search/CommandPalette';

const SOURCE_LABELS: Record<Backlink['type'], string> = {
  ...SEARCH_TYPE_LABELS,
  world: 'World',
  inventoryItem: 'Inventory entry',
  questObjective: 'Quest objective',
};

/**
 * The web page of a backlink's source (relationships open under their character, connections their world, inventory
 * entries their holder's inventory, quest objectives their quest).
 */
function sourcePath(worldId: string, link: Backlink): string {
  switch (link.type) {
    case 'world':
      return `/worlds/${worldId}`;
    case 'inventoryItem':
      return `/worlds/${worldId}/characters/${link.parentId ?? ''}/inventory`;
    case 'questObjective':
      return `/worlds/${worldId}/quests/${link.parentId ?? ''}`;
    default:
      return entityPath(worldId, link.type, link.id, link.parentId);
  }
}

/** Props of {@link MentionedIn}: the entity whose backlinks are listed. */
export interface MentionedInProps {
  worldId: string;
  type: MentionEntityType;
  id: string;
  /** The map of a map point or area. */
  parentId?: string | null;
  /** Level of the heading, for where the list sits in the page's outline (default 2). */
  headingLevel?: 2 | 3;
}

/**
 * "Mentioned in" (issue "Linked lore"): the entities whose text mentions this one, as the reader may see them,
 * each a link to its page, live from GET …/backlinks.
 */
export function MentionedIn({ worldId, type, id, parentId, headingLevel = 2 }: MentionedInProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const backlinks = useBacklinks(worldId, type, id, parentId);
  const headingId = `mentioned-in-${id}`;
  const links = backlinks.data?.data ?? [];
  return (
    <section aria-labelledby={headingId} className="mentioned-in">
      <Heading id={headingId} className={headingLevel === 3 ? 'h6' : 'h5'}>
        Mentioned in
      </Heading>
      {backlinks.isPending && <p className="text-body-secondary small mb-0">Loading…</p>}
      {backlinks.isError && <p className="text-danger small mb-0">{handleError(backlinks.error, 'Could not load what mentions this.')}</p>}
      {backlinks.isSuccess && links.length === 0 && <p className="text-body-secondary mb-0">Nothing mentions this yet.</p>}
      {links.length > 0 && (
        <ul className="list-unstyled mb-0 d-grid gap-1">
          {links.map((link) => (
            <li key={`${link.type}:${link.id}`}>
              <Link to={sourcePath(worldId, link)}>{link.name}</Link>{' '}
              <span className="small text-body-secondary">({SOURCE_LABELS[link.type]})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
