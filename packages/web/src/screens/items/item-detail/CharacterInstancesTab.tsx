import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { LIMITS, MESSAGES } from '@loreforge/contract';
import { handleError } from '../../../api/client';
import { itemInstancesResource } from '../../../api/items';
import type { ListParams } from '../../../api/list';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { truncate } from '../../../lib/format';
import { groupOwners } from './group-owners';

/** Every instance of an item, for the owners table (SPEC §9 lookups of 1000). */
const ALL_INSTANCES: ListParams = { page: 1, limit: 1000, sortBy: 'createdAt', sortOrder: 'asc' };

/**
 * The Character Instances tab (SPEC §2 Items): which characters own the item, with their total quantity and
 * whether it is equipped, each linked to the character's inventory. Empty: 'No characters currently own an
 * instance of this item.'; failure: 'Failed to fetch data for instances tab.'
 * @param worldId the world; @param itemId the item.
 */
export function CharacterInstancesTab({ worldId, itemId }: { worldId: string; itemId: string }) {
  const resource = itemInstancesResource(worldId, itemId);
  const query = useQuery({
    queryKey: resource.listKey(ALL_INSTANCES),
    queryFn: ({ signal }) => resource.list(ALL_INSTANCES, signal),
  });

  if (query.isPending) return <LoadingSpinner label="Loading owners..." />;
  if (query.isError) {
    return (
      <ErrorAlert message={handleError(query.error, 'Failed to fetch data for instances tab.')} onRetry={() => void query.refetch()} />
    );
  }
  const owners = groupOwners(query.data.data);
  if (owners.length === 0) return <p className="lf-empty text-center text-body-secondary py-4 mb-0">{MESSAGES.noInstances}</p>;
  return (
    <div className="table-responsive">
      <Table hover className="mb-0 align-middle">
        <caption className="visually-hidden">Characters who own this item</caption>
        <thead>
          <tr>
            <th scope="col">Character</th>
            <th scope="col">Quantity</th>
            <th scope="col">Instances</th>
            <th scope="col">Equipped</th>
          </tr>
        </thead>
        <tbody>
          {owners.map((owner) => (
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
          ))}
        </tbody>
      </Table>
    </div>
  );
}
