/**
 * The demo's quests (issue 4): each quest with its objectives, accepted by its first character (the others take
 * it up through their active quests), progress recorded while it is active, and the data's final status set.
 */
import type { QuestStatus } from '@loreforge/contract';
import { attempt } from './api.js';
import { putCharacter } from './load-characters.js';
import type { DemoLoad } from './load-context.js';

/**
 * Creates every quest as the data describes it.
 * @throws DemoLoadError naming the quest, objective or character whose step failed.
 */
export async function loadQuests(load: DemoLoad): Promise<void> {
  const { client, worldId, data, summary } = load;
  for (const quest of data.quests) {
    const questBody = {
      name: quest.name,
      description: quest.description,
      status: 'pending' as QuestStatus,
      isOptional: quest.isOptional,
      difficulty: quest.difficulty,
    };
    const created = await attempt(
      `Creating quest "${quest.name}"`,
      client.POST('/api/worlds/{worldId}/quests', { params: { path: { worldId } }, body: questBody }),
    );
    load.remember('quest', quest.key, created.questId);
    summary.quests += 1;
    const questPath = { worldId, questId: created.questId };
    const objectiveIds: string[] = [];
    for (const objective of quest.objectives) {
      const made = await attempt(
        `Adding objective "${objective.description}"`,
        client.POST('/api/worlds/{worldId}/quests/{questId}/objectives', {
          params: { path: questPath },
          body: { ...objective, progress: 0 },
        }),
      );
      objectiveIds.push(made.objectiveId);
      summary.objectives += 1;
    }
    let status: string = created.status;
    const [first, ...others] = quest.acceptedBy;
    if (first !== undefined) {
      const accepted = await attempt(
        `Accepting "${quest.name}" for ${first}`,
        client.POST('/api/worlds/{worldId}/quests/{questId}/accept', {
          params: { path: questPath },
          body: { characterId: load.id('character', first) },
        }),
      );
      status = accepted.status;
      load.characterBodies.get(first)?.activeQuests.push(created.questId);
      for (const other of others) {
        load.characterBodies.get(other)?.activeQuests.push(created.questId);
        await putCharacter(load, other, `Adding "${quest.name}" to the active quests of ${other}`);
      }
      for (const [index, objective] of quest.objectives.entries()) {
        const objectiveId = objectiveIds[index];
        if (objective.progress === 0 || status !== 'active' || objectiveId === undefined) continue;
        const progressed = await attempt(
          `Recording progress on "${objective.description}"`,
          client.POST('/api/worlds/{worldId}/quests/{questId}/objectives/{objectiveId}/progress', {
            params: { path: { ...questPath, objectiveId } },
            body: { progress: objective.progress },
          }),
        );
        status = progressed.status;
      }
    }
    if (status !== quest.status) {
      await attempt(
        `Setting "${quest.name}" to ${quest.status}`,
        client.PUT('/api/worlds/{worldId}/quests/{questId}', {
          params: { path: questPath },
          body: { ...questBody, status: quest.status },
        }),
      );
    }
  }
  load.log(`${summary.quests} quests with ${summary.objectives} objectives created.`);
}
