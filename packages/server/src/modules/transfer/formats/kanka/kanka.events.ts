/**
 * Kanka events (kanka.mapping.ts): each is dated on the timeline of the calendar its first readable reminder
 * names, otherwise by its free-text date on a Gregorian timeline "Events"; one timeline per calendar used. Other
 * entities' calendar dates are reported (only events are dated in Loreforge).
 */
import { instantFromIsoDateTime, isoDateTimeFromInstant } from '@loreforge/contract';
import { accessFields, clampInt, clampName, clampText, formatId, TIMELINE_ROOT_FIELDS } from '../shared/records.js';
import { appendAttributes } from './kanka.attributes.js';
import { instantOrNull } from './kanka.calendar.js';
import type { ImportedCalendar } from './kanka.calendars.js';
import type { KankaContext } from './kanka.context.js';
import { idOf } from './kanka.model.js';

/**
 * Reads Kanka's free-text event date when it is a date: `YYYY-MM-DD`, `YYYY-M-D` or a bare year (1–9999).
 * @returns ISO 8601 UTC at midnight, or null.
 */
export function isoOfKankaDate(written: string): string | null {
  const full = /^(\d{1,4})-(\d{1,2})-(\d{1,2})$/.exec(written);
  const yearOnly = /^(\d{1,4})$/.exec(written);
  const [year, month, day] = full
    ? [Number(full[1]), Number(full[2]), Number(full[3])]
    : yearOnly
      ? [Number(yearOnly[1]), 1, 1]
      : [0, 0, 0];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00.000Z`;
  return instantFromIsoDateTime(iso) === null ? null : iso;
}

/**
 * Maps every Kanka event into `context.entities.events`, and the timelines they are on into `timelines`.
 * @param calendarOfModel the imported calendars by Kanka model id (mapCalendars).
 */
export function mapEvents(context: KankaContext, calendarOfModel: ReadonlyMap<string, ImportedCalendar>): void {
  const { entities, report, now } = context;
  const calendarTimelines = new Map<string, { timelineId: string; instants: bigint[] }>();
  const gregorianId = formatId('kanka', 'timeline', 'gregorian');
  const gregorianInstants: bigint[] = [];
  for (const mapped of context.byEntity.values()) {
    const file = mapped.file;
    const reminders = [...file.record.entity.reminders, ...file.record.entity.events];
    if (mapped.module !== 'events') {
      if (reminders.length > 0)
        report.add(
          `${file.path}#entity.reminders`,
          `${reminders.length} calendar date(s) of this ${mapped.module.replace(/s$/, '')} were not kept: only events are dated in Loreforge`,
        );
      continue;
    }
    context.reportLeftovers(file);
    let description = appendAttributes(context, context.entryOf(file), file);
    const dated = reminders
      .map((reminder) => ({ reminder, calendar: calendarOfModel.get(String(reminder.calendar_id)) }))
      .find((candidate) => candidate.calendar !== undefined);
    const base = {
      eventId: idOf(mapped),
      name: mapped.name,
      characterAttributeChanges: null,
      inventoryChanges: null,
      relationshipChanges: null,
      isBranchingEvent: false,
      childTimelineId: null,
      ...accessFields(mapped.visibility),
      ...context.timestampsOf(file),
    };
    const date = {
      year: clampInt(dated?.reminder.year, -1e12, 1e12, 1),
      month: clampInt(dated?.reminder.month, 1, 1000, 1),
      day: clampInt(dated?.reminder.day, 1, 1e6, 1),
    };
    const instant = dated?.calendar ? instantOrNull(dated.calendar.definition, date) : null;
    if (dated?.calendar && instant !== null) {
      const timeline = calendarTimelines.get(dated.calendar.id) ?? {
        timelineId: formatId('kanka', 'timeline', dated.calendar.id),
        instants: [],
      };
      calendarTimelines.set(dated.calendar.id, timeline);
      timeline.instants.push(BigInt(instant));
      if (reminders.length > 1)
        report.add(
          `${file.path}#entity.reminders`,
          `the event has ${reminders.length} calendar dates; Loreforge keeps the first it could read`,
        );
      entities.events.push({ ...base, timelineId: timeline.timelineId, description: clampText(description), dateTime: null, instant });
      continue;
    }
    if (dated?.calendar)
      report.add(
        `${file.path}#entity.reminders`,
        `the date ${date.year}-${date.month}-${date.day} does not exist in the calendar "${dated.calendar.name}"`,
      );
    const written = typeof file.record.date === 'string' ? file.record.date.trim() : '';
    const iso = isoOfKankaDate(written);
    if (!iso) {
      if (written !== '') description = `Date: ${written}\n\n${description}`.trim();
      report.add(
        file.path,
        written === ''
          ? 'the event has no date; it was placed on 1 January of year 1 of the timeline "Events"'
          : `the date "${written}" could not be read as a date; it is kept in the description and the event placed on 1 January of year 1`,
      );
    }
    const isoDate = iso ?? '0001-01-01T00:00:00.000Z';
    gregorianInstants.push(instantFromIsoDateTime(isoDate) ?? 0n);
    entities.events.push({
      ...base,
      timelineId: gregorianId,
      description: clampText(description),
      dateTime: isoDate,
      instant: (instantFromIsoDateTime(isoDate) ?? 0n).toString(),
    });
  }
  const timelineBase = {
    ...TIMELINE_ROOT_FIELDS,
    ...accessFields('everyone'),
    createdAt: now,
    updatedAt: now,
  };
  for (const [calendarId, timeline] of calendarTimelines) {
    const calendar = [...calendarOfModel.values()].find((candidate) => candidate.id === calendarId);
    if (!calendar) continue;
    const today = calendar.today ? instantOrNull(calendar.definition, calendar.today) : null;
    const latest = timeline.instants.reduce((max, value) => (value > max ? value : max));
    entities.timelines.push({
      ...timelineBase,
      timelineId: timeline.timelineId,
      name: clampName(calendar.name, 'Calendar'),
      description: `The events of the Kanka campaign dated on the calendar ${calendar.name}.`,
      calendarId,
      currentDateTime: null,
      currentInstant: today ?? latest.toString(),
    });
  }
  if (gregorianInstants.length > 0) {
    const latest = gregorianInstants.reduce((max, value) => (value > max ? value : max));
    entities.timelines.push({
      ...timelineBase,
      timelineId: gregorianId,
      name: 'Events',
      description: 'The events of the Kanka campaign that no calendar dates.',
      calendarId: null,
      currentDateTime: isoDateTimeFromInstant(latest),
      currentInstant: latest.toString(),
    });
  }
}
