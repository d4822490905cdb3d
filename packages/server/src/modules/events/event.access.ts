/** The event lookup of the event routes and the timeline rules. */
import type { Db } from '../../db/database.js';
import type { EventTable } from '../../db/tables/timeline.table.js';
import { notFound } from '../../errors/app-error.js';
import type { WorldScope } from '../../access/world-scope.js';
import { findEvent } from './event.repository.js';

/**
 * Loads an event of the scope's world that its reader may see.
 * @throws AppError 404 'Event not found.' when missing, in another world or hidden from the reader.
 */
export async function requireEvent(db: Db, scope: WorldScope, eventId: string): Promise<EventTable> {
  const event = await findEvent(db, scope, eventId);
  if (!event) throw notFound('Event');
  return event;
}
