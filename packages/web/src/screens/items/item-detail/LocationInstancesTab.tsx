import { Link } from 'react-router';

/**
 * The Location Instances tab (SPEC §2 Items: a placeholder): items placed at map locations are coming;
 * meanwhile a map point can already link to the item.
 * @param worldId the world, for the link to its maps.
 */
export function LocationInstancesTab({ worldId }: { worldId: string }) {
  return (
    <div className="text-center py-4">
      <h2 className="h5">Location instances are coming soon</h2>
      <p className="text-body-secondary mb-2">
        Soon you will be able to place this item at locations in your world, not just in characters&apos; hands.
      </p>
      <p className="mb-0 small">
        Meanwhile, a point on one of the <Link to={`/worlds/${worldId}/maps`}>world&apos;s maps</Link> can link to this item.
      </p>
    </div>
  );
}
