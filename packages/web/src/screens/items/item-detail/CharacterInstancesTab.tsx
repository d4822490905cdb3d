import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import { LIMITS, MESSAGES } from '@loreforge/contract';
import { itemInstancesResource } from '../../../api/items';
import type { ListParams } from '../../../api/list';
import { QueryTable } from '../../../components/data-table/QueryTable';
import { truncate } from '../../../lib/format';
import { groupOwners } from './group-owners';

/** Every instance of an item, for the owners table (SPEC §9 lookups of 1000). */
const ALL_INSTANCES: ListParams = { page: 1, limit: 1000, sortBy: 'createdAt', sortOrder: 'asc' };

/** The owners table's columns. */
const OWNER_COLUMNS = [{ label: 'Character' }, { label: 'Quantity' }, { label: 'Instances' }, { label: 'Equipped' }] as const;

/**
 * The Character Instances tab (SPEC §2 Items): which characters own the item, with their total quantity and
 * whether it is equipped, each linked to the character's inventory; on a phone each owner's row stacks
 * (QueryTable). Empty: 'No characters currently own an instance of this item.'; failure: 'Failed to fetch data
 * for instances tab.'
 * @param worldId the world; @param itemId the item.
 */
export function CharacterInstancesTab({ worldId, itemId }: { worldId: string; itemId: string }) {
  const resource = itemInstancesResource(worldId, itemId);
  const query = useQuery({
    queryKey: resource.listKey(ALL_INSTANCES),
    queryFn: ({ signal }) => resource.list(ALL_INSTANCES, signal),
  });

  return (
    <QueryTable
      source={{ ...query, rows: query.data ? groupOwners(query.data.data) : undefined }}
      columns={OWNER_COLUMNS}
      loadingLabel="Loading owners..."
      failureMessage="Failed to fetch data for instances tab."
      emptyText={MESSAGES.noInstances}
      ariaLabel="Characters who own this item"
      className="mb-0 align-middle"
      renderRow={(owner) => (
        <tr key={owner.characterId}>
          <td>
            <Link to={`/worlds/${worldId}/characters/${owner.characterId}/inventory`}>{truncate(owner.name, LIMITS.truncateName)}</Link>
          </td>
          <td>{owner.quantity}</td>
          <td>{owner.instances}</td>
          <td>
            {owner.equipped ? (
              <Badge bg="success">Equipped</Badge>
            ) : (
              <Badge bg="light" text="dark">
                No
              </Badge>
            )}
          </td>
        </tr>
      )}
    />
  );
}
