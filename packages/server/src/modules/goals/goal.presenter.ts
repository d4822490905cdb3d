import type { Goal, GoalStatus, GoalType } from '@loreforge/contract';
import type { GoalTable } from '../../db/tables/goal.table.js';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../../access/world-scope.js';
import { richTextOf } from '../../lib/rich-text/plain-text.js';

/** Presents a goal (SPEC §3 Goal) to a reader; characterId is null for a world goal. */
export const presentGoal = (row: GoalTable, scope: ReadScope): Goal =>
  withAccess(row, scope, {
    goalId: row.id,
    worldId: row.world_id,
    characterId: row.character_id,
    title: row.title,
    description: row.description,
    descriptionHtml: richTextOf(row),
    // Stored values were validated against the contract's enums on write.
    goalType: row.goal_type as GoalType,
    status: row.status as GoalStatus,
    targetDateTime: row.target_date_time,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
