/**
 * Quest calls and hooks (SPEC §7 Quests): CRUD, accept, abandon, and objectives with progress. Every write
 * refreshes the world's queries (`['worlds', worldId]`), since a quest action also changes characters.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ObjectiveCreateInput, Objective, Quest } from '@loreforge/contract';
import { api, apiRequest } from './client';
import { questsResource } from './registry';
import { useResourceItem, useResourceMutations } from './resource';

export { questsResource };

/** What the quest form saves: every field it shows (difficulty null clears it). */
export interface QuestSaveInput {
  name: string;
  description: string | null;
  /** The description as rich text (its plain text is then derived by the server). */
  descriptionHtml?: string | null;
  status: Quest['status'];
  isOptional: boolean;
  difficulty: number | null;
}

const questPath = (worldId: string, questId: string) => `${questsResource(worldId).path}/${encodeURIComponent(questId)}`;

/** One quest with its objectives; disabled while either id is undefined. */
export function useQuest(worldId: string | undefined, questId: string | undefined) {
  return useResourceItem(questsResource(worldId ?? ''), worldId ? questId : undefined);
}

/** Create, update and delete mutations of a world's quests. */
export function useQuestMutations(worldId: string) {
  return useResourceMutations(questsResource(worldId));
}

/**
 * POST /quests/{q}/accept, optionally for a character. @returns the quest, now active.
 * @throws ApiError 409 with the server's message when the quest is not pending.
 */
function acceptQuest(worldId: string, questId: string, characterId?: string): Promise<Quest> {
  return api.post<Quest>(`${questPath(worldId, questId)}/accept`, characterId ? { characterId } : {});
}

/**
 * DELETE /quests/{q}/abandon. @returns the quest, back to pending.
 * @throws ApiError 409 with the server's message when the quest is not active.
 */
function abandonQuest(worldId: string, questId: string): Promise<Quest> {
  return apiRequest<Quest>(`${questPath(worldId, questId)}/abandon`, { method: 'DELETE' });
}

/**
 * POST /quests/{q}/objectives/{o}/progress with an increment (may be negative). @returns the quest.
 * @throws ApiError 409 when the quest is not active, 400 when the result leaves 0…target.
 */
function addObjectiveProgress(worldId: string, questId: string, objectiveId: string, increment: number): Promise<Quest> {
  return api.post<Quest>(`${questPath(worldId, questId)}/objectives/${encodeURIComponent(objectiveId)}/progress`, { increment });
}

/** POST /quests/{q}/objectives. @returns the created objective. */
function createObjective(worldId: string, questId: string, input: ObjectiveCreateInput): Promise<Objective> {
  return api.post<Objective>(`${questPath(worldId, questId)}/objectives`, input);
}

/**
 * PUT /quests/{q}/objectives/{o}: replaces description, target, progress and isOptional. With `version` (the
 * loaded updatedAt) a stale edit gets 409 (StaleVersionError).
 * @returns the saved objective.
 */
function updateObjective(
  worldId: string,
  questId: string,
  objectiveId: string,
  input: ObjectiveCreateInput,
  version?: string,
): Promise<Objective> {
  return api.put<Objective>(`${questPath(worldId, questId)}/objectives/${encodeURIComponent(objectiveId)}`, input, { version });
}

/** DELETE /quests/{q}/objectives/{o}. */
function deleteObjective(worldId: string, questId: string, objectiveId: string, version?: string): Promise<void> {
  return api.delete(`${questPath(worldId, questId)}/objectives/${encodeURIComponent(objectiveId)}`, { version });
}

/**
 * Accept, abandon, progress and objective mutations of one quest. Each refreshes everything of the world, not only
 * its quests: accepting or abandoning for a character changes that character's active quests, and completing an
 * objective can complete the quest that other screens (counts, the timeline engine) show.
 */
export function useQuestActions(worldId: string, questId: string) {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: questsResource(worldId).key.slice(0, 2) });
  return {
    accept: useMutation({ mutationFn: (characterId?: string) => acceptQuest(worldId, questId, characterId), onSuccess: invalidate }),
    abandon: useMutation({ mutationFn: () => abandonQuest(worldId, questId), onSuccess: invalidate }),
    progress: useMutation({
      mutationFn: ({ objectiveId, increment }: { objectiveId: string; increment: number }) =>
        addObjectiveProgress(worldId, questId, objectiveId, increment),
      onSuccess: invalidate,
    }),
    addObjective: useMutation({
      mutationFn: (input: ObjectiveCreateInput) => createObjective(worldId, questId, input),
      onSuccess: invalidate,
    }),
    editObjective: useMutation({
      mutationFn: ({ objectiveId, input, version }: { objectiveId: string; input: ObjectiveCreateInput; version?: string }) =>
        updateObjective(worldId, questId, objectiveId, input, version),
      onSuccess: invalidate,
    }),
    removeObjective: useMutation({
      mutationFn: ({ objectiveId, version }: { objectiveId: string; version?: string }) =>
        deleteObjective(worldId, questId, objectiveId, version),
      onSuccess: invalidate,
    }),
  };
}
