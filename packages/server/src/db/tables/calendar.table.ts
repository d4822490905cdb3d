/** `calendar`: a world's calendar; `definition` is the CalendarDefinition as JSON text (docs/calendars.md). */
export interface CalendarTable {
  id: string;
  world_id: string;
  name: string;
  description: string | null;
  definition: string;
  created_at: string;
  updated_at: string;
}
