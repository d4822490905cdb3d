import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Relationship, type ErrorResponse, type Pagination } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { createRelationship } from '../../../test/factories/relationship.js';
import { createUser } from '../../../test/factories/user.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(DIALECTS)('relationships on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** A world with three characters: Dorothy, Toto and Glinda. */
  async function cast() {
    const { character: dorothy, world, owner } = await createCharacter(t.app, { name: 'Dorothy' });
    const { character: toto } = await createCharacter(t.app, { world, owner, name: 'Toto' });
    const { character: glinda } = await createCharacter(t.app, { world, owner, name: 'Glinda' });
    const base = `/api/worlds/${world.worldId}/characters/${dorothy.characterId}/relationships`;
    const call = (method: Method, url: string, payload?: object, headers = owner.headers) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { world, owner, dorothy, toto, glinda, base, call };
  }

  describe('POST .../relationships', () => {
    it('creates a relationship with the spec defaults and the target name', async () => {
      const { dorothy, toto, base, call } = await cast();
      const response = await call('POST', base, { targetCharacterId: toto.characterId });
      expect(response.statusCode).toBe(201);
      const relationship = response.json<Relationship>();
      expect(relationship).toMatchObject({
        characterId: dorothy.characterId,
        targetCharacterId: toto.characterId,
        targetCharacterName: 'Toto',
        relationshipType: 'Stranger',
        description: null,
        affinity: 0,
        powerBalance: 0,
        trustLevel: 0,
        communicationStyle: null,
        pastInteractions: null,
        currentGoalAlignment: null,
        dependenceLevel: null,
      });
      expect(relationship.relationshipId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('keeps every field given', async () => {
      const { glinda, base, call } = await cast();
      const fields = {
        targetCharacterId: glinda.characterId,
        relationshipType: 'friend',
        description: 'Guide',
        affinity: 100,
        powerBalance: -100,
        trustLevel: 55,
        communicationStyle: 'Open',
        pastInteractions: 'Met in Munchkinland',
        currentGoalAlignment: 'Aligned',
        dependenceLevel: 'High',
      };
      const response = await call('POST', base, fields);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ ...fields, targetCharacterName: 'Glinda' });
    });

    it("rejects a relationship with itself with the spec's message", async () => {
      const { dorothy, base, call } = await cast();
      const response = await call('POST', base, { targetCharacterId: dorothy.characterId });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'A character cannot have a relationship with itself.',
        fields: { targetCharacterId: MESSAGES.relationshipWithSelf },
      });
    });

    it('rejects a target that is missing, of another world or malformed, naming the field', async () => {
      const { owner, base, call } = await cast();
      const { character: outsider } = await createCharacter(t.app, { owner, name: 'Elsewhere' });
      for (const targetCharacterId of [outsider.characterId, '0190f5c2-0000-7000-8000-000000000000']) {
        const response = await call('POST', base, { targetCharacterId });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorResponse>().fields?.targetCharacterId).toBe('Related Character must be a character of this world.');
      }
      expect((await call('POST', base, {})).json<ErrorResponse>().fields?.targetCharacterId).toBe('Related Character is required.');
      expect((await call('POST', base, { targetCharacterId: 'x' })).json<ErrorResponse>().fields?.targetCharacterId).toBe(
        'Must be a valid UUID.',
      );
    });

    it.each([
      ['affinity', -101, 'Affinity must be at least -100.'],
      ['powerBalance', 101, 'Power Balance must be no more than 100.'],
      ['trustLevel', 'high', 'Trust Level must be a number.'],
      ['trustLevel', 1.5, 'Trust Level must be a whole number.'],
      [
        'relationshipType',
        'enemy',
        'Relationship Type must be one of: Stranger, Parent to, Child of, Sibling of, immediate_family_general, extended_family, like_family, friend, distant friend, acquaintence, aware of.',
      ],
      ['communicationStyle', 'Loud', 'Communication Style must be one of: Open, Reserved, Deceptive, Manipulative, functional, mute.'],
    ])('rejects %s = %j with the message %j', async (field, value, message) => {
      const { toto, base, call } = await cast();
      const response = await call('POST', base, { targetCharacterId: toto.characterId, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fields?.[field]).toBe(message);
    });

    it('accepts the score bounds -100 and 100', async () => {
      const { toto, base, call } = await cast();
      const response = await call('POST', base, {
        targetCharacterId: toto.characterId,
        affinity: -100,
        powerBalance: 100,
        trustLevel: -100,
      });
      expect(response.statusCode).toBe(201);
    });

    it('allows one relationship per ordered pair (409 for a second) and the reverse direction', async () => {
      const { world, dorothy, toto, base, call } = await cast();
      await call('POST', base, { targetCharacterId: toto.characterId });
      const again = await call('POST', base, { targetCharacterId: toto.characterId, relationshipType: 'friend' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: MESSAGES.relationshipExists, code: 'CONFLICT' });
      const reverse = await call('POST', `/api/worlds/${world.worldId}/characters/${toto.characterId}/relationships`, {
        targetCharacterId: dorothy.characterId,
      });
      expect(reverse.statusCode).toBe(201);
    });
  });

  describe('GET, PUT and DELETE', () => {
    it('lists in the standard envelope with sort, search and cursor', async () => {
      const { owner, world, dorothy, toto, glinda, base, call } = await cast();
      await createRelationship(t.app, owner, world.worldId, dorothy.characterId, { targetCharacterId: toto.characterId, affinity: 90 });
      await createRelationship(t.app, owner, world.worldId, dorothy.characterId, {
        targetCharacterId: glinda.characterId,
        affinity: 40,
        description: 'A good witch',
      });
      const list = (await call('GET', `${base}?limit=1`)).json<{ data: Relationship[]; pagination: Record<string, unknown> }>();
      expect(list.data.map((r) => r.targetCharacterName)).toEqual(['Glinda']);
      expect(list.pagination).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 2, limit: 1 });
      const next = (await call('GET', `${base}?limit=1&cursor=${String(list.pagination.nextCursor)}`)).json<{ data: Relationship[] }>();
      expect(next.data.map((r) => r.targetCharacterName)).toEqual(['Toto']);
      const sorted = (await call('GET', `${base}?sortBy=affinity`)).json<{ data: Relationship[] }>();
      expect(sorted.data.map((r) => r.affinity)).toEqual([40, 90]);
      const byName = (await call('GET', `${base}?search=toto`)).json<{ data: Relationship[] }>();
      expect(byName.data.map((r) => r.targetCharacterName)).toEqual(['Toto']);
      const byDescription = (await call('GET', `${base}?search=WITCH`)).json<{ data: Relationship[] }>();
      expect(byDescription.data.map((r) => r.targetCharacterName)).toEqual(['Glinda']);
      expect((await call('GET', `${base}?sortBy=name`)).statusCode).toBe(400);
    });

    it('reads, replaces (even changing the target) and deletes a relationship', async () => {
      const { owner, world, dorothy, toto, glinda, base, call } = await cast();
      const created = await createRelationship(t.app, owner, world.worldId, dorothy.characterId, {
        targetCharacterId: toto.characterId,
        affinity: 10,
      });
      const url = `${base}/${created.relationshipId}`;
      expect((await call('GET', url)).json()).toEqual(created);

      const same = await call('PUT', url, { targetCharacterId: toto.characterId, relationshipType: 'friend', trustLevel: 70 });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ relationshipType: 'friend', trustLevel: 70, affinity: 0, targetCharacterName: 'Toto' });

      const retarget = await call('PUT', url, { targetCharacterId: glinda.characterId });
      expect(retarget.json()).toMatchObject({
        targetCharacterId: glinda.characterId,
        targetCharacterName: 'Glinda',
        relationshipType: 'Stranger',
      });

      const invalid = await call('PUT', url, { targetCharacterId: glinda.characterId, affinity: 500 });
      expect(invalid.json<ErrorResponse>().fields?.affinity).toBe('Affinity must be no more than 100.');
      const self = await call('PUT', url, { targetCharacterId: dorothy.characterId });
      expect(self.json<ErrorResponse>().message).toBe(MESSAGES.relationshipWithSelf);

      expect((await call('DELETE', url)).statusCode).toBe(204);
      const gone = await call('GET', url);
      expect(gone.statusCode).toBe(404);
      expect(gone.json<ErrorResponse>().message).toBe('Relationship not found.');
    });

    it('answers 409 when a PUT would duplicate another relationship of the pair', async () => {
      const { owner, world, dorothy, toto, glinda, base, call } = await cast();
      await createRelationship(t.app, owner, world.worldId, dorothy.characterId, { targetCharacterId: toto.characterId });
      const second = await createRelationship(t.app, owner, world.worldId, dorothy.characterId, { targetCharacterId: glinda.characterId });
      const response = await call('PUT', `${base}/${second.relationshipId}`, { targetCharacterId: toto.characterId });
      expect(response.statusCode).toBe(409);
      expect((await call('GET', `${base}/${second.relationshipId}`)).json<Relationship>().targetCharacterId).toBe(glinda.characterId);
    });

    it('answers 404 for a relationship of another character and when the target is deleted it goes too', async () => {
      const { owner, world, dorothy, toto, glinda, base, call } = await cast();
      const totos = await createRelationship(t.app, owner, world.worldId, toto.characterId, { targetCharacterId: glinda.characterId });
      expect((await call('GET', `${base}/${totos.relationshipId}`)).statusCode).toBe(404);
      expect((await call('DELETE', `${base}/${totos.relationshipId}`)).statusCode).toBe(404);

      const mine = await createRelationship(t.app, owner, world.worldId, dorothy.characterId, { targetCharacterId: glinda.characterId });
      await call('DELETE', `/api/worlds/${world.worldId}/characters/${glinda.characterId}`);
      expect((await call('GET', `${base}/${mine.relationshipId}`)).statusCode).toBe(404);
      expect((await call('GET', base)).json<{ pagination: Pagination }>().pagination.totalItems).toBe(0);
    });
  });

  it("lists a character's relationships only under the character's own world: 404 elsewhere, an empty page when it has none", async () => {
    const { owner, world, dorothy, toto, base, call } = await cast();
    await createRelationship(t.app, owner, world.worldId, dorothy.characterId, {
      targetCharacterId: toto.characterId,
      description: 'Best friend',
    });
    // The same owner's other world: Dorothy is not one of its characters.
    const { world: elsewhere, character: stranger } = await createCharacter(t.app, { owner, name: 'Stranger' });
    const misplaced = await call('GET', `/api/worlds/${elsewhere.worldId}/characters/${dorothy.characterId}/relationships`);
    expect(misplaced.statusCode).toBe(404);
    expect(misplaced.json<ErrorResponse>().message).toBe('Character not found.');
    expect(misplaced.body).not.toContain('Best friend');
    const missing = await call('GET', `/api/worlds/${world.worldId}/characters/${stranger.characterId}/relationships`);
    expect(missing.statusCode).toBe(404);
    const empty = await call('GET', `/api/worlds/${elsewhere.worldId}/characters/${stranger.characterId}/relationships?page=2`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<{ data: Relationship[]; pagination: Pagination }>()).toMatchObject({ data: [], pagination: { totalItems: 0 } });
    expect((await call('GET', `${base}?search=toto`)).json<{ pagination: Pagination }>().pagination.totalItems).toBe(1);
  });

  it('answers 404 to another user on every relationship route and leaves the data unchanged', async () => {
    const { owner, world, dorothy, toto, glinda, base, call } = await cast();
    const relationship = await createRelationship(t.app, owner, world.worldId, dorothy.characterId, {
      targetCharacterId: toto.characterId,
      description: 'Secret bond',
    });
    const intruder = await createUser(t.app);
    const url = `${base}/${relationship.relationshipId}`;
    const attempts: Array<[Method, string, object?]> = [
      ['GET', base],
      ['POST', base, { targetCharacterId: glinda.characterId }],
      ['GET', url],
      ['PUT', url, { targetCharacterId: toto.characterId, affinity: -100 }],
      ['DELETE', url],
    ];
    for (const [method, path, payload] of attempts) {
      const response = await call(method, path, payload, intruder.headers);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.body).not.toContain('Secret');
    }
    expect((await call('GET', url)).json()).toEqual(relationship);
    expect((await call('GET', base)).json<{ pagination: Pagination }>().pagination.totalItems).toBe(1);
  });
});
