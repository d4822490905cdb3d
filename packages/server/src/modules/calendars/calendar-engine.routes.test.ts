import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar, CharacterHistory, Event, ItemProvenance, Timeline, TimelineDiff, TimelineState } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { createInventoryEntry } from '../../../test/factories/inventory.js';
import { createItem } from '../../../test/factories/item.js';
import { addMember } from '../../../test/factories/member.js';
import type { TestUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

const doc = (...changes: unknown[]) => ({ version: 1, changes });

describe.each(DIALECTS)('the timeline engine on a world calendar, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's type, as json<T>() does
  const get = <T>(user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url, headers: user.headers }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const post = (user: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: user.headers, payload });

  /**
   * A Realms world on the Harptos calendar: Drizzt starts with the scimitar, gives it to Bruenor at Midsummer
   * 1492 DR; a branch on the same calendar where he keeps it; the timeline's now is 1 Eleasis 1492 DR.
   */
  async function realms() {
    const { world, owner } = await createWorld(t.app, { name: 'Realms' });
    const base = `/api/worlds/${world.worldId}`;
    const calendar = (await post(owner, `${base}/calendars`, { preset: 'harptos' })).json<Calendar>();
    const drizzt = (await createCharacter(t.app, { world, owner, name: 'Drizzt' })).character;
    const bruenor = (await createCharacter(t.app, { world, owner, name: 'Bruenor' })).character;
    const blade = (await createItem(t.app, { world, owner, name: 'Icingdeath' })).item;
    await createInventoryEntry(t.app, owner, world.worldId, drizzt.characterId, { itemId: blade.itemId, quantity: 1 });
    const timeline = (
      await post(owner, `${base}/timelines`, {
        name: 'The Realms',
        calendarId: calendar.calendarId,
        currentDate: { year: 1492, month: 12, day: 1, era: 'DR' },
      })
    ).json<Timeline>();
    const gift = (
      await post(owner, `${base}/events`, {
        name: 'The gift',
        timelineId: timeline.timelineId,
        calendarDate: { year: 1492, month: 10, day: 1, hour: 20, era: 'DR' },
        inventoryChanges: doc(
          { characterId: drizzt.characterId, itemId: blade.itemId, quantity: -1 },
          { characterId: bruenor.characterId, itemId: blade.itemId, quantity: 1 },
        ),
      })
    ).json<Event>();
    const branch = (
      await post(owner, `${base}/timelines`, {
        name: 'Kept',
        calendarId: calendar.calendarId,
        currentDate: { year: 1492, month: 12, day: 1 },
      })
    ).json<Timeline>();
    return { world, owner, base, calendar, drizzt, bruenor, blade, timeline, branch, gift };
  }

  it('reads the state at a calendar date given as text, and dates the moment and the last event in the calendar', async () => {
    const { owner, base, timeline, bruenor } = await realms();
    const url = `${base}/timelines/${timeline.timelineId}/state?characterId=${bruenor.characterId}`;
    const before = await get<TimelineState>(owner, `${url}&date=${encodeURIComponent('1492-Midsummer-1T19:59 DR')}`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ at: null, formattedDate: 'Midsummer, 1492 DR, 19:59', lastEvent: null });
    expect(before.body.characters[0]?.inventory).toEqual([]);
    const after = await get<TimelineState>(owner, `${url}&date=${encodeURIComponent('1492-10-1T20:00 DR')}`);
    expect(after.body.lastEvent).toMatchObject({ name: 'The gift', dateTime: null, formattedDate: 'Midsummer, 1492 DR, 20:00' });
    expect(after.body.characters[0]?.inventory.map((held) => held.name)).toEqual(['Icingdeath']);
    const now = await get<TimelineState>(owner, url);
    expect(now.body).toMatchObject({ at: null, formattedDate: '1st of Eleasis, 1492 DR', instant: timeline.currentInstant });
  });

  it('dates answers in the calendar as it is now: after an edit through the API and after a change straight in the database', async () => {
    const { owner, base, timeline, calendar } = await realms();
    const stateUrl = `${base}/timelines/${timeline.timelineId}/state?limit=1`;
    expect((await get<TimelineState>(owner, stateUrl)).body.formattedDate).toBe('1st of Eleasis, 1492 DR');

    const calendarUrl = `${base}/calendars/${calendar.calendarId}`;
    const fetched = await t.app.inject({ method: 'GET', url: calendarUrl, headers: owner.headers });
    const current = fetched.json<Calendar>();
    const months = current.months.map((month) => (month.name === 'Eleasis' ? { ...month, name: 'Highsun' } : month));
    const edited = await t.app.inject({
      method: 'PUT',
      url: calendarUrl,
      headers: { ...owner.headers, 'if-match': fetched.headers.etag ?? '' },
      payload: { ...current, months },
    });
    expect(edited.statusCode).toBe(200);
    expect((await get<TimelineState>(owner, stateUrl)).body.formattedDate).toBe('1st of Highsun, 1492 DR');

    // Another process renames the month again: the answer follows without any request to this one.
    const [row] = await t.app.db.selectFrom('calendar').select('definition').where('id', '=', calendar.calendarId).execute();
    await t.app.db
      .updateTable('calendar')
      .set({
        definition: String(row?.definition).replace('"Highsun"', '"Summerfire"'),
        updated_at: new Date(Date.now() + 1000).toISOString(),
      })
      .where('id', '=', calendar.calendarId)
      .execute();
    expect((await get<TimelineState>(owner, stateUrl)).body.formattedDate).toBe('1st of Summerfire, 1492 DR');
  });

  it('names the part of a date the calendar lacks, and refuses an ISO moment on a timeline with its own calendar', async () => {
    const { owner, base, timeline } = await realms();
    const url = `${base}/timelines/${timeline.timelineId}/state`;
    const leap = await get<{ fields: Record<string, string> }>(owner, `${url}?date=1491-Shieldmeet-1`);
    expect(leap.status).toBe(400);
    expect(leap.body.fields).toEqual({ 'date.day': 'Shieldmeet has days only in leap years; 1491 is a common year.' });
    const month = await get<{ fields: Record<string, string> }>(owner, `${url}?date=1492-Smarch-1`);
    expect(month.body.fields).toEqual({ 'date.month': 'Month "Smarch" does not exist in this calendar.' });
    const iso = await get<{ fields: Record<string, string> }>(owner, `${url}?at=1492-07-30T00:00:00Z`);
    expect(iso.status).toBe(400);
    expect(iso.body.fields.at).toBe(
      'This timeline keeps time in the calendar "Calendar of Harptos": give date (YEAR-MONTH-DAY in it) or instant instead of at.',
    );
    const both = await get<{ fields: Record<string, string> }>(owner, `${url}?date=1492-1-1&instant=0`);
    expect(both.status).toBe(400);
    expect(both.body.fields).toEqual({ date: 'Give only one of instant and date.' });
  });

  it("dates a character's history in the timeline's calendar", async () => {
    const { world, owner, timeline, bruenor } = await realms();
    const history = await get<CharacterHistory>(
      owner,
      `/api/worlds/${world.worldId}/characters/${bruenor.characterId}/history?timelineId=${timeline.timelineId}`,
    );
    expect(history.status).toBe(200);
    expect(history.body.data.map((entry) => [entry.name, entry.dateTime, entry.formattedDate])).toEqual([
      ['The gift', null, 'Midsummer, 1492 DR, 20:00'],
    ]);
    expect(history.body.data[0]?.instant).toMatch(/^\d+$/);
  });

  it("answers an item's holders with each period's instant and date, so they can be read at the timeline's now", async () => {
    const { owner, base, timeline, blade, gift } = await realms();
    const provenance = await get<ItemProvenance>(owner, `${base}/items/${blade.itemId}/provenance?timelineId=${timeline.timelineId}`);
    expect(provenance.body.periods.map((period) => [period.characterName, period.fromFormatted, period.toFormatted])).toEqual([
      ['Drizzt', null, 'Midsummer, 1492 DR, 20:00'],
      ['Bruenor', 'Midsummer, 1492 DR, 20:00', null],
    ]);
    expect(provenance.body.periods[1]?.fromInstant).toBe(gift.instant);
  });

  it("compares two timelines at a calendar date, at an instant and at the first one's now", async () => {
    const { owner, base, timeline, branch, gift } = await realms();
    const url = `${base}/timelines/${timeline.timelineId}/diff?against=${branch.timelineId}`;
    const before = await get<TimelineDiff>(owner, `${url}&date=${encodeURIComponent('1492-Flamerule-30 DR')}`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ at: null, formattedDate: '30th of Flamerule, 1492 DR', differences: [] });
    const atGift = await get<TimelineDiff>(owner, `${url}&instant=${gift.instant ?? ''}`);
    expect(atGift.body.formattedDate).toBe('Midsummer, 1492 DR, 20:00');
    expect(atGift.body.differences.map((row) => [row.characterName, row.subjectName, row.field, row.value, row.against])).toEqual([
      ['Bruenor', 'Icingdeath', 'quantity', 1, 0],
      ['Drizzt', 'Icingdeath', 'quantity', 0, 1],
    ]);
    const now = await get<TimelineDiff>(owner, url);
    expect(now.body).toMatchObject({ at: null, instant: timeline.currentInstant, formattedDate: '1st of Eleasis, 1492 DR' });
    expect(now.body.differences).toHaveLength(2);
  });

  it('keeps Gregorian answers as they were, with the instant and words beside them', async () => {
    const { world, owner } = await createWorld(t.app);
    const base = `/api/worlds/${world.worldId}`;
    const timeline = (await post(owner, `${base}/timelines`, { name: 'Kansas', currentDateTime: '1900-05-14T10:30:00Z' })).json<Timeline>();
    await post(owner, `${base}/events`, { name: 'Cyclone', timelineId: timeline.timelineId, dateTime: '1900-05-10T16:00:00Z' });
    const state = await get<TimelineState>(owner, `${base}/timelines/${timeline.timelineId}/state`);
    expect(state.body).toMatchObject({ at: '1900-05-14T10:30:00.000Z', formattedDate: '14 May 1900 AD, 10:30' });
    expect(state.body.lastEvent).toMatchObject({ dateTime: '1900-05-10T16:00:00.000Z', formattedDate: '10 May 1900 AD, 16:00' });
    const byDate = await get<TimelineState>(owner, `${base}/timelines/${timeline.timelineId}/state?date=1900-May-9`);
    expect(byDate.body.lastEvent).toBeNull();
  });

  it('keeps who created a calendar and who changed it last', async () => {
    const { world, owner, calendar } = await realms();
    expect(calendar).toMatchObject({ createdBy: owner.user.userId, updatedBy: owner.user.userId });
    const editor = await addMember(t.app, owner, world.worldId, 'editor');
    const url = `/api/worlds/${world.worldId}/calendars/${calendar.calendarId}`;
    const renamed = await t.app.inject({ method: 'PUT', url, headers: editor.headers, payload: { ...calendar, name: 'Harptos (ours)' } });
    expect(renamed.json()).toMatchObject({ createdBy: owner.user.userId, updatedBy: editor.user.userId });
    expect((await get<Calendar>(owner, url)).body).toMatchObject({
      name: 'Harptos (ours)',
      createdBy: owner.user.userId,
      updatedBy: editor.user.userId,
    });
  });
});
