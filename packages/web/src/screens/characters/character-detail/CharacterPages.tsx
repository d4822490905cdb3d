/*
 * The pages inside a character's page (SPEC §2 Characters, Inventory, Goals, Relationships): each reads the world
 * and the loaded character from CharacterScreen's outlet and renders its screen. `routes/character-routes.tsx`
 * places them at their addresses.
 */
import { Link, useOutletContext } from 'react-router';
import type { Character } from '@loreforge/contract';
import { characterGoalsResource } from '../../../api/goals';
import { EntityHistory } from '../../../components/history/EntityHistory';
import { MissingSubpage } from '../../../components/MissingSubpage';
import { GoalFormScreen } from '../../goals/goal-form/GoalFormScreen';
import { GoalViewScreen } from '../../goals/goal-view/GoalViewScreen';
import { CharacterGoalsTab } from '../../goals/goals-tab/CharacterGoalsTab';
import { InventoryCreateScreen } from '../../inventory/inventory-form/InventoryCreateScreen';
import { InventoryEditScreen } from '../../inventory/inventory-form/InventoryEditScreen';
import { InventoryTab } from '../../inventory/inventory-tab/InventoryTab';
import { RelationshipFormScreen } from '../../relationships/relationship-form/RelationshipFormScreen';
import { RelationshipViewScreen } from '../../relationships/relationship-view/RelationshipViewScreen';
import { RelationshipsTab } from '../../relationships/relationships-tab/RelationshipsTab';
import { CharacterHistoryTab } from './CharacterHistoryTab';

/** What CharacterScreen hands the pages inside it: the world and the character as loaded. */
export interface CharacterOutlet {
  worldId: string;
  character: Character;
}

const useCharacterOutlet = () => useOutletContext<CharacterOutlet>();
const characterBase = ({ worldId, character }: CharacterOutlet) => `/worlds/${worldId}/characters/${character.characterId}`;

/** The History tab: the character's changes with restore (issue 15), then the timeline engine's story history. */
export function CharacterHistoryPage() {
  const { worldId, character } = useCharacterOutlet();
  return (
    <>
      <EntityHistory worldId={worldId} type="character" id={character.characterId} updatedAt={character.updatedAt} noun="character" />
      <CharacterHistoryTab worldId={worldId} character={character} />
    </>
  );
}

/** Any other address below the character: says so, with a way back to the details. */
export function CharacterMissingPage() {
  return (
    <p className="mb-0">
      This page of the character does not exist. <Link to={characterBase(useCharacterOutlet())}>Back to the details</Link>
    </p>
  );
}

/** inventory: the character's inventory list. */
export function InventoryPage() {
  return <InventoryTab {...useCharacterOutlet()} />;
}

/** inventory/create. */
export function InventoryCreatePage() {
  return <InventoryCreateScreen {...useCharacterOutlet()} />;
}

/** inventory/:inventoryItemId/edit. */
export function InventoryEditPage() {
  return <InventoryEditScreen {...useCharacterOutlet()} />;
}

/** Any other address below inventory. */
export function InventoryMissingPage() {
  return <MissingSubpage backTo={`${characterBase(useCharacterOutlet())}/inventory`} backLabel="Back to the inventory" />;
}

function useGoalPaths() {
  const outlet = useCharacterOutlet();
  const listPath = `${characterBase(outlet)}/goals`;
  return {
    outlet,
    resource: characterGoalsResource(outlet.worldId, outlet.character.characterId),
    listPath,
    viewPath: (goalId: string) => `${listPath}/${goalId}`,
  };
}

/** goals: the character's goals. */
export function CharacterGoalsPage() {
  return <CharacterGoalsTab {...useCharacterOutlet()} />;
}

/** goals/create and goals/:goalId/edit, on `/worlds/{w}/characters/{c}/goals`. */
export function CharacterGoalFormPage() {
  const { resource, listPath, viewPath } = useGoalPaths();
  return <GoalFormScreen resource={resource} listPath={listPath} viewPath={viewPath} />;
}

/** goals/:goalId. */
export function CharacterGoalViewPage() {
  const { resource, listPath, viewPath } = useGoalPaths();
  return <GoalViewScreen resource={resource} listPath={listPath} editPath={(id) => `${viewPath(id)}/edit`} />;
}

/** Any other address below goals. */
export function CharacterGoalsMissingPage() {
  return <MissingSubpage backTo={useGoalPaths().listPath} backLabel="Back to the goals" />;
}

/** relationships: the character's relationships. */
export function RelationshipsPage() {
  return <RelationshipsTab {...useCharacterOutlet()} />;
}

/** relationships/create and relationships/:relationshipId/edit. */
export function RelationshipFormPage() {
  return <RelationshipFormScreen {...useCharacterOutlet()} />;
}

/** relationships/:relationshipId. */
export function RelationshipViewPage() {
  return <RelationshipViewScreen {...useCharacterOutlet()} />;
}

/** Any other address below relationships. */
export function RelationshipsMissingPage() {
  return <MissingSubpage backTo={`${characterBase(useCharacterOutlet())}/relationships`} backLabel="Back to the relationships" />;
}
