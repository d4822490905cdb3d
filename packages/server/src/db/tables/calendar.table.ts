/** `calendar`: a world's calendar; `definition` is the CalendarDefinition as JSON text (docs/calendars.md). */
export interface CalendarTable {
  id: string;
  world_id: string;
  name: string;
  description: string | null;
  definition: string;
  /** userId of who created it; null for calendars made before authors were kept. */
  created_by: string | null;
  /** userId of who changed it last. */
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}
