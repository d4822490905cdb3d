/** World calendar calls and hooks (issue 12, docs/calendars.md): one calendar, for timelines that keep its time. */
import { useQuery } from '@tanstack/react-query';
import type { Calendar, CalendarCreateInput } from '@loreforge/contract';
import { createResource } from './resource';

/** The calendars of a world as a resource (`/worlds/{worldId}/calendars`). */
export const calendarsResource = (worldId: string) => createResource<Calendar, CalendarCreateInput>(`/worlds/${worldId}/calendars`);

/** One calendar of a world; disabled while `calendarId` is null or undefined (the built-in Gregorian calendar). */
export function useCalendar(worldId: string, calendarId: string | null | undefined) {
  const resource = calendarsResource(worldId);
  return useQuery({
    queryKey: resource.detailKey(calendarId ?? ''),
    queryFn: ({ signal }) => resource.get(calendarId ?? '', signal),
    enabled: Boolean(calendarId),
  });
}
