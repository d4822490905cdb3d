import type { Character, Timeline } from '@loreforge/contract';
import { handleError } from '../../../api/client';
import { useTimelineState, type EngineMoment } from '../../../api/timeline-engine';
import { AsOfNowPanel } from '../../../components/engine/AsOfNowPanel';
import { CharacterStateCard } from '../../../components/engine/CharacterStateCard';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { formatMoment } from '../../../lib/format';

/** Neither an event nor a date: the timeline's own "now". */
const NOW: EngineMoment = {};

function StateAtNow({ worldId, character, timeline }: { worldId: string; character: Character; timeline: Timeline }) {
  const state = useTimelineState(worldId, timeline.timelineId, NOW, character.characterId);
  if (state.isPending) return <LoadingSpinner label="Loading the state..." />;
  if (state.isError)
    return (
      <ErrorAlert message={handleError(state.error, 'Failed to load the state at this moment.')} onRetry={() => void state.refetch()} />
    );
  const mine = state.data.characters.find((c) => c.characterId === character.characterId);
  if (!mine) return <p className="small text-body-secondary mb-0">{character.name} is not in this timeline&apos;s state.</p>;
  return (
    <CharacterStateCard
      state={mine}
      title={`${character.name} as of ${formatMoment(timeline.currentDateTime, timeline.currentDateFormatted)}`}
    />
  );
}

/**
 * A character's attributes, inventory and relationships at the chosen timeline's "now" (GET …/state with the
 * character's id and no moment), for the side of the Details tab: the stored record is the start of the story.
 * @param worldId the world; @param character the loaded (stored) character.
 */
export function CharacterAsOfNow({ worldId, character }: { worldId: string; character: Character }) {
  return (
    <AsOfNowPanel worldId={worldId} subject={character.name}>
      {(timeline) => <StateAtNow key={timeline.timelineId} worldId={worldId} character={character} timeline={timeline} />}
    </AsOfNowPanel>
  );
}
