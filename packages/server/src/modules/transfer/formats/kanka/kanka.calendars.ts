/**
 * Kanka calendars (kanka.mapping.ts): each becomes a Loreforge calendar (kanka.calendar.ts reads its definition);
 * one that cannot be read is reported and left out. They come first: events are dated on them.
 */
import type { BundleRecord } from '@loreforge/contract';
import { clampText } from '../shared/records.js';
import { mapKankaCalendar } from './kanka.calendar.js';
import type { KankaContext } from './kanka.context.js';

/** A calendar of the import, as the events dated on it need it. */
export interface ImportedCalendar {
  id: string;
  definition: BundleRecord<'calendars'>['definition'];
  today: { year: number; month: number; day: number } | null;
  name: string;
}

/**
 * Maps every Kanka calendar into `context.entities.calendars`.
 * @returns the imported calendars by their Kanka model id (what an event's reminder names).
 */
export function mapCalendars(context: KankaContext): Map<string, ImportedCalendar> {
  const calendarOfModel = new Map<string, ImportedCalendar>();
  for (const mapped of context.of('calendars')) {
    if (!mapped.id) continue;
    const result = mapKankaCalendar(mapped.file.record);
    if (!result.ok) {
      context.report.add(mapped.file.path, `the calendar was not imported: ${result.reason}`);
      mapped.id = null;
      continue;
    }
    for (const note of result.notes) context.report.add(mapped.file.path, `in the calendar, ${note}`);
    context.reportLeftovers(mapped.file);
    context.entities.calendars.push({
      calendarId: mapped.id,
      name: mapped.name,
      description: clampText(context.entryOf(mapped.file)),
      definition: result.definition,
      ...context.timestampsOf(mapped.file),
    });
    calendarOfModel.set(String(mapped.file.record.id), {
      id: mapped.id,
      definition: result.definition,
      today: result.today,
      name: mapped.name,
    });
  }
  return calendarOfModel;
}
