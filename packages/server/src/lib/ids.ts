import { v7 as uuidv7 } from 'uuid';

/** A new entity id: a UUID v7 string (time-ordered, so inserts stay index-friendly). */
export const newId = (): string => uuidv7();
