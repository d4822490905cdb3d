import { Link } from 'react-router';
import type { WorldGraph } from '@loreforge/contract';
import { entityPath } from '../../lib/entity-path';
import { familyGenerations } from './graph-model';

/** How a generation is named relative to the chosen character. */
function generationLabel(generation: number): string {
  if (generation === 0) return 'Their generation';
  const count = Math.abs(generation);
  const word = generation < 0 ? 'up' : 'down';
  return `${count} generation${count === 1 ? '' : 's'} ${word}`;
}

/**
 * A character's family tree laid out by generations (oldest at the top), from the family relationship types of
 * SPEC §5; each member links to their page.
 */
export function FamilyTree({ worldId, graph, characterId }: { worldId: string; graph: WorldGraph; characterId: string }) {
  const generations = familyGenerations(graph, characterId);
  // A family all of one generation (siblings, "like family") is still a family: only the character alone is none.
  if (generations.reduce((sum, { members }) => sum + members.length, 0) <= 1) {
    return <p className="text-body-secondary">No family relationships recorded for this character.</p>;
  }
  return (
    <ol className="list-unstyled lf-family-tree" aria-label="Family tree">
      {generations.map(({ generation, members }) => (
        <li key={generation} className="lf-family-generation">
          <h3 className="h6 text-body-secondary">{generationLabel(generation)}</h3>
          <ul className="list-unstyled d-flex flex-wrap justify-content-center gap-2">
            {members.map((member) => (
              <li key={member.id}>
                <Link
                  to={entityPath(worldId, 'character', member.id)}
                  className={`btn btn-sm ${member.id === characterId ? 'btn-primary' : 'btn-outline-primary'}`}
                >
                  {member.name}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
