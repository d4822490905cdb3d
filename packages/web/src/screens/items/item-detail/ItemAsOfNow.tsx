import { Link } from 'react-router';
import type { Item, Timeline } from '@loreforge/contract';
import { handleError } from '../../../api/client';
import { useItemProvenance } from '../../../api/timeline-engine';
import { AsOfNowPanel } from '../../../components/engine/AsOfNowPanel';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { holdersAt } from './holders-at';

function HoldersAtNow({ worldId, item, timeline }: { worldId: string; item: Item; timeline: Timeline }) {
  const provenance = useItemProvenance(worldId, item.itemId, timeline.timelineId);
  if (provenance.isPending) return <LoadingSpinner label="Loading who holds it..." />;
  if (provenance.isError) {
    return (
      <ErrorAlert
        message={handleError(provenance.error, 'Failed to load who holds this item.')}
        onRetry={() => void provenance.refetch()}
      />
    );
  }
  // A timeline with its own calendar has no ISO now: its instant places the periods (issue 12).
  const now = timeline.currentDateTime ?? (timeline.currentInstant ? { instant: timeline.currentInstant } : '');
  const holders = holdersAt(provenance.data, now);
  if (holders.length === 0) return <p className="small mb-0">Nobody holds {item.name} then.</p>;
  return (
    <ul className="small mb-0" aria-label={`Holders of ${item.name} as of the timeline's now`}>
      {holders.map((h) => (
        <li key={h.characterId}>
          <Link to={`/worlds/${worldId}/characters/${h.characterId}`}>{h.name}</Link>
          {h.quantity !== null && <> × {h.quantity}</>}
        </li>
      ))}
    </ul>
  );
}

/**
 * Who holds an item at the chosen timeline's "now" (from GET …/items/{i}/provenance), for the side of the Item
 * Details tab: the stored holders (Character Instances) are the start of the story.
 * @param worldId the world; @param item the loaded (stored) item.
 */
export function ItemAsOfNow({ worldId, item }: { worldId: string; item: Item }) {
  return (
    <AsOfNowPanel worldId={worldId} subject={item.name}>
      {(timeline) => <HoldersAtNow key={timeline.timelineId} worldId={worldId} item={item} timeline={timeline} />}
    </AsOfNowPanel>
  );
}
