import type { CommunicationStyle, Relationship, RelationshipType } from '@loreforge/contract';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../../access/world-scope.js';
import type { RelationshipRow } from './relationship.repository.js';
import { richTextOf } from '../../lib/rich-text/plain-text.js';

/** Presents a relationship with its target's name (SPEC §3 Relationship); never the raw row. */
export const presentRelationship = (row: RelationshipRow, scope: ReadScope): Relationship =>
  withAccess(row, scope, {
    relationshipId: row.id,
    characterId: row.character_id,
    targetCharacterId: row.target_character_id,
    targetCharacterName: row.target_character_name,
    // Stored values were validated against the contract's enums on write.
    relationshipType: row.relationship_type as RelationshipType,
    description: row.description,
    descriptionHtml: richTextOf(row),
    affinity: Number(row.affinity),
    powerBalance: Number(row.power_balance),
    trustLevel: Number(row.trust_level),
    communicationStyle: row.communication_style as CommunicationStyle | null,
    pastInteractions: row.past_interactions,
    currentGoalAlignment: row.current_goal_alignment,
    dependenceLevel: row.dependence_level,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
