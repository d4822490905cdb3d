import { Route, Routes } from 'react-router';
import type { Character } from '@loreforge/contract';
import { MissingSubpage } from '../../components/MissingSubpage';
import { RelationshipFormScreen } from './relationship-form/RelationshipFormScreen';
import { RelationshipViewScreen } from './relationship-view/RelationshipViewScreen';
import { RelationshipsTab } from './relationships-tab/RelationshipsTab';

/**
 * The Relationships tab of a character and its pages (SPEC §2 Relationships): the list,
 * relationships/create, relationships/:relationshipId and relationships/:relationshipId/edit.
 * @param worldId the world; @param character the owner.
 */
export function RelationshipRoutes({ worldId, character }: { worldId: string; character: Character }) {
  return (
    <Routes>
      <Route index element={<RelationshipsTab worldId={worldId} character={character} />} />
      <Route path="create" element={<RelationshipFormScreen worldId={worldId} character={character} />} />
      <Route path=":relationshipId" element={<RelationshipViewScreen worldId={worldId} character={character} />} />
      <Route path=":relationshipId/edit" element={<RelationshipFormScreen worldId={worldId} character={character} />} />
      <Route path="*" element={<MissingSubpage backTo={`/worlds/${worldId}/characters/${character.characterId}/relationships`} backLabel="Back to the relationships" />} />
    </Routes>
  );
}
