import { useOutletContext } from 'react-router';
import { CharacterDetailsTab } from './CharacterDetailsTab';
import type { CharacterOutlet } from './CharacterPages';

/**
 * The Details tab of a character's page (also its index; SPEC §2 Characters), in a module of its own: the other
 * pages of `CharacterPages` bring the goal, relationship and inventory forms, which the details do not show.
 */
export function CharacterDetailsPage() {
  return <CharacterDetailsTab character={useOutletContext<CharacterOutlet>().character} />;
}
