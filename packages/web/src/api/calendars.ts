/** World calendar calls and hooks (issue 12, docs/calendars.md): CRUD, the lookup for selects, and the import. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Calendar, MovedDate } from '@loreforge/contract';
import { api } from './client';
import { calendarsResource } from './registry';
import { useResourceLookup, useResourceMutations } from './resource';

export { calendarsResource };

/** A calendar as PUT answers it: with the events and timeline "now"s whose date now reads differently. */
export type CalendarUpdateResult = Calendar & { movedDates?: MovedDate[] };

/** A calendar as the import answers it: with what could not be carried over. */
export type CalendarImportResult = Calendar & { importNotes: string[] };

/** One calendar of a world; disabled while `calendarId` is null or undefined (the built-in Gregorian calendar). */
export function useCalendar(worldId: string, calendarId: string | null | undefined) {
  const resource = calendarsResource(worldId);
  return useQuery({
    queryKey: resource.detailKey(calendarId ?? ''),
    queryFn: ({ signal }) => resource.get(calendarId ?? '', signal),
    enabled: Boolean(calendarId),
  });
}

/** Up to 1000 calendars of a world sorted by name, for lists and selects. */
export function useCalendarLookup(worldId: string) {
  return useResourceLookup(calendarsResource(worldId));
}

/** Create, update (If-Match with the loaded version) and delete of a world's calendars; each refreshes the world's queries. */
export function useCalendarMutations(worldId: string) {
  return useResourceMutations(calendarsResource(worldId));
}

/**
 * Imports a Fantasy-Calendar JSON export (POST …/calendars/import).
 * @returns the mutation; it resolves to the new calendar with its `importNotes`, and rejects with the server's
 *   400 naming the missing part when the file is not an export.
 */
export function useCalendarImport(worldId: string) {
  const queryClient = useQueryClient();
  const resource = calendarsResource(worldId);
  return useMutation({
    mutationFn: (body: unknown) => api.post<CalendarImportResult>(`${resource.path}/import`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resource.key.slice(0, 2) }),
  });
}
