import { type Objective, QUEST_STATUSES, type Quest, type QuestStatus } from '@loreforge/contract';
import type { QuestObjectiveTable, QuestTable } from '../../db/tables/quest.table.js';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../../access/world-scope.js';
import { richTextOf } from '../../lib/rich-text/plain-text.js';

const isQuestStatus = (value: string): value is QuestStatus => (QUEST_STATUSES as readonly string[]).includes(value);

/** Presents an objective; `completed` is derived (progress ≥ target). */
export const presentObjective = (row: QuestObjectiveTable, scope: ReadScope): Objective =>
  withAccess(row, scope, {
    objectiveId: row.id,
    questId: row.quest_id,
    description: row.description,
    target: Number(row.target),
    progress: Number(row.progress),
    isOptional: Number(row.is_optional) === 1,
    completed: Number(row.progress) >= Number(row.target),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

/** Presents a quest with its objectives the reader may see, in creation order (SPEC §3 Quest). */
export const presentQuest = (row: QuestTable, objectives: QuestObjectiveTable[], scope: ReadScope): Quest =>
  withAccess(row, scope, {
    questId: row.id,
    worldId: row.world_id,
    name: row.name,
    description: row.description,
    descriptionHtml: richTextOf(row),
    // Rows are written only through validated input; 'pending' is a defensive fallback.
    status: isQuestStatus(row.status) ? row.status : 'pending',
    isOptional: Number(row.is_optional) === 1,
    difficulty: row.difficulty === null ? null : Number(row.difficulty),
    objectives: objectives.map((objective) => presentObjective(objective, scope)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
