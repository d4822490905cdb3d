import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, Objective, Quest } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { type TestUser, createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('quest objectives and progress on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function setup(status: Quest['status'] = 'pending'): Promise<{ owner: TestUser; questUrl: string }> {
    const { world, owner } = await createWorld(t.app);
    const quest = (
      await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.worldId}/quests`,
        headers: owner.headers,
        payload: { name: 'Reach Oz', status },
      })
    ).json<Quest>();
    return { owner, questUrl: `/api/worlds/${world.worldId}/quests/${quest.questId}` };
  }

  async function addObjective(owner: TestUser, questUrl: string, payload: Record<string, unknown>): Promise<Objective> {
    const response = await t.app.inject({ method: 'POST', url: `${questUrl}/objectives`, headers: owner.headers, payload });
    expect(response.statusCode).toBe(201);
    return response.json<Objective>();
  }

  const progress = (owner: TestUser, questUrl: string, objectiveId: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `${questUrl}/objectives/${objectiveId}/progress`, headers: owner.headers, payload });

  const status = async (owner: TestUser, questUrl: string) =>
    (await t.app.inject({ method: 'GET', url: questUrl, headers: owner.headers })).json<Quest>().status;

  it('creates, lists, reads, replaces and deletes objectives, deriving completed', async () => {
    const { owner, questUrl } = await setup();
    const objective = await addObjective(owner, questUrl, { description: 'Collect rubies', target: 3 });
    expect(objective).toMatchObject({ description: 'Collect rubies', target: 3, progress: 0, isOptional: false, completed: false });
    const defaults = await addObjective(owner, questUrl, { description: 'Say goodbye', isOptional: true });
    expect(defaults).toMatchObject({ target: 1, progress: 0, isOptional: true });

    const list = await t.app.inject({ method: 'GET', url: `${questUrl}/objectives?sortOrder=asc`, headers: owner.headers });
    expect(list.json()).toMatchObject({ data: [objective, defaults], pagination: { totalItems: 2 } });
    const one = await t.app.inject({ method: 'GET', url: `${questUrl}/objectives/${objective.objectiveId}`, headers: owner.headers });
    expect(one.json()).toEqual(objective);

    const put = await t.app.inject({
      method: 'PUT',
      url: `${questUrl}/objectives/${objective.objectiveId}`,
      headers: owner.headers,
      payload: { description: 'Collect emeralds', target: 2, progress: 2 },
    });
    expect(put.json()).toMatchObject({ description: 'Collect emeralds', target: 2, progress: 2, completed: true });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `${questUrl}/objectives/${defaults.objectiveId}`, headers: owner.headers })).statusCode,
    ).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `${questUrl}/objectives/${defaults.objectiveId}`, headers: owner.headers });
    expect(gone.json()).toEqual({ message: 'Objective not found.', code: 'NOT_FOUND' });
  });

  it('validates objectives: description required, target at least 1, progress within the target', async () => {
    const { owner, questUrl } = await setup();
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${questUrl}/objectives`, headers: owner.headers, payload });
    expect((await post({})).json<ErrorResponse>().fields?.description).toBe('Description is required.');
    expect((await post({ description: 'x', target: 0 })).json<ErrorResponse>().fields?.target).toBe('Target must be at least 1.');
    expect((await post({ description: 'x', target: 1.5 })).json<ErrorResponse>().fields?.target).toBe('Target must be a whole number.');
    expect((await post({ description: 'x', target: 2, progress: 3 })).json<ErrorResponse>().fields?.progress).toBe(
      'Progress must be no more than the target.',
    );
    expect((await post({ description: 'x', progress: -1 })).json<ErrorResponse>().fields?.progress).toBe('Progress must be at least 0.');
  });

  it('records progress on an active quest and completes it when every required objective is done, and only then', async () => {
    const { owner, questUrl } = await setup();
    const rubies = await addObjective(owner, questUrl, { description: 'Collect rubies', target: 3 });
    const map = await addObjective(owner, questUrl, { description: 'Find the road', target: 1 });
    const bonus = await addObjective(owner, questUrl, { description: 'Befriend a lion', target: 1, isOptional: true });
    await t.app.inject({ method: 'POST', url: `${questUrl}/accept`, headers: owner.headers });

    const step = await progress(owner, questUrl, rubies.objectiveId, { increment: 2 });
    expect(step.statusCode).toBe(200);
    expect(step.json<Quest>().status).toBe('active');
    expect(step.json<Quest>().objectives.find((o) => o.objectiveId === rubies.objectiveId)).toMatchObject({
      progress: 2,
      completed: false,
    });

    const back = await progress(owner, questUrl, rubies.objectiveId, { increment: -1 });
    expect(back.json<Quest>().objectives[0]).toMatchObject({ progress: 1 });
    expect((await progress(owner, questUrl, rubies.objectiveId, { progress: 3 })).json<Quest>().status).toBe('active');

    const done = await progress(owner, questUrl, map.objectiveId, { increment: 1 });
    expect(done.json<Quest>().status).toBe('completed');
    expect(done.json<Quest>().objectives.map((o) => o.completed)).toEqual([true, true, false]);
    expect(bonus.completed).toBe(false);

    const late = await progress(owner, questUrl, bonus.objectiveId, { increment: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'Progress can only be recorded on an active quest; this one is completed.', code: 'CONFLICT' });
  });

  it('does not auto-complete a quest with only optional objectives, or none', async () => {
    const { owner, questUrl } = await setup('active');
    const optional = await addObjective(owner, questUrl, { description: 'Pick poppies', isOptional: true });
    const response = await progress(owner, questUrl, optional.objectiveId, { progress: 1 });
    expect(response.json<Quest>()).toMatchObject({ status: 'active', objectives: [{ completed: true }] });
    await t.app.inject({ method: 'DELETE', url: `${questUrl}/objectives/${optional.objectiveId}`, headers: owner.headers });
    expect(await status(owner, questUrl)).toBe('active');
  });

  it('completes an active quest when an objective is added done, or the last open one is finished by an edit or removed', async () => {
    const added = await setup('active');
    await addObjective(added.owner, added.questUrl, { description: 'Done already', target: 1, progress: 1 });
    expect(await status(added.owner, added.questUrl)).toBe('completed');

    const edited = await setup('active');
    const step = await addObjective(edited.owner, edited.questUrl, { description: 'Walk', target: 2 });
    await t.app.inject({
      method: 'PUT',
      url: `${edited.questUrl}/objectives/${step.objectiveId}`,
      headers: edited.owner.headers,
      payload: { description: 'Walk', target: 2, progress: 2 },
    });
    expect(await status(edited.owner, edited.questUrl)).toBe('completed');

    const removed = await setup('active');
    const open = await addObjective(removed.owner, removed.questUrl, { description: 'Open', target: 5 });
    await addObjective(removed.owner, removed.questUrl, { description: 'Done', progress: 1 });
    expect(await status(removed.owner, removed.questUrl)).toBe('active');
    await t.app.inject({ method: 'DELETE', url: `${removed.questUrl}/objectives/${open.objectiveId}`, headers: removed.owner.headers });
    expect(await status(removed.owner, removed.questUrl)).toBe('completed');
  });

  it('refuses progress out of range with a 400 that says so and clamps nothing', async () => {
    const { owner, questUrl } = await setup('active');
    const objective = await addObjective(owner, questUrl, { description: 'Collect rubies', target: 3, progress: 1 });
    const over = await progress(owner, questUrl, objective.objectiveId, { progress: 4 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: 'Progress must be between 0 and the target (3); 4 is out of range.',
      fields: { progress: 'Progress must be between 0 and the target (3); 4 is out of range.' },
    });
    const up = await progress(owner, questUrl, objective.objectiveId, { increment: 5 });
    expect(up.statusCode).toBe(400);
    expect(up.json<ErrorResponse>().message).toBe('Progress must stay between 0 and the target (3); 1 + 5 would be 6.');
    const down = await progress(owner, questUrl, objective.objectiveId, { increment: -2 });
    expect(down.statusCode).toBe(400);
    expect(down.json<ErrorResponse>().fields?.increment).toBe('Progress would be -1, outside 0…3.');
    const negative = await progress(owner, questUrl, objective.objectiveId, { progress: -1 });
    expect(negative.json<ErrorResponse>().fields?.progress).toBe('Progress must be at least 0.');
    const both = await progress(owner, questUrl, objective.objectiveId, { progress: 1, increment: 1 });
    expect(both.json<ErrorResponse>().message).toBe('Send either progress or increment.');
    const neither = await progress(owner, questUrl, objective.objectiveId, {});
    expect(neither.statusCode).toBe(400);
    const read = await t.app.inject({ method: 'GET', url: `${questUrl}/objectives/${objective.objectiveId}`, headers: owner.headers });
    expect(read.json<Objective>().progress).toBe(1);
  });

  it('refuses progress on a quest that is not active with a 409 that says why', async () => {
    for (const questStatus of ['pending', 'failed'] as const) {
      const { owner, questUrl } = await setup(questStatus);
      const objective = await addObjective(owner, questUrl, { description: 'Walk', target: 2 });
      const response = await progress(owner, questUrl, objective.objectiveId, { increment: 1 });
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorResponse>().message).toBe(
        questStatus === 'pending'
          ? 'Progress can only be recorded on an active quest; this one is pending. Accept it first.'
          : 'Progress can only be recorded on an active quest; this one is failed.',
      );
    }
  });

  it('answers 404 to another user and for an objective of another quest', async () => {
    const { owner, questUrl } = await setup('active');
    const objective = await addObjective(owner, questUrl, { description: 'Secret step', target: 2 });
    const intruder = await createUser(t.app);
    const url = `${questUrl}/objectives/${objective.objectiveId}`;
    const attempts = [
      { method: 'GET' as const, url: `${questUrl}/objectives` },
      { method: 'POST' as const, url: `${questUrl}/objectives`, payload: { description: 'Mine' } },
      { method: 'GET' as const, url },
      { method: 'PUT' as const, url, payload: { description: 'Mine' } },
      { method: 'POST' as const, url: `${url}/progress`, payload: { increment: 1 } },
      { method: 'DELETE' as const, url },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: intruder.headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Secret step');
    }
    const other = await setup('active');
    const cross = await t.app.inject({
      method: 'GET',
      url: `${other.questUrl}/objectives/${objective.objectiveId}`,
      headers: other.owner.headers,
    });
    expect(cross.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json()).toEqual(objective);
  });
});
