import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Container from 'react-bootstrap/Container';
import { QuestList } from './QuestList';
import { WorldSelect } from './WorldSelect';

/**
 * /worlds/:worldId/quests and the global /quests (SPEC §2: two readings of the quest list path). Under a world
 * it lists that world's quests; globally the person first picks a world (kept in `?worldId=`), then sees its quests.
 */
export function QuestListScreen() {
  const { worldId } = useParams();
  const [search, setSearch] = useSearchParams();
  const selectId = useId();
  const chosen = worldId ?? search.get('worldId') ?? '';
  return (
    <Container className="py-4">
      <div className="lf-panel">
        <h1 className="h3 mb-4">Quests</h1>
        {!worldId && (
          <div className="mb-4">
            <WorldSelect
              id={selectId}
              value={chosen}
              prompt="Choose a world to see its quests."
              onChange={(next) => setSearch({ worldId: next }, { replace: true })}
            />
          </div>
        )}
        {chosen && <QuestList key={chosen} worldId={chosen} />}
      </div>
    </Container>
  );
}
