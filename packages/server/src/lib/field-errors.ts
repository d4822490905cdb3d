/** Collects several field problems found by rules that need the database, and reports them as one 400. */
import { MESSAGES } from '@loreforge/contract';
import { badRequest } from '../errors/app-error.js';

/**
 * Throws when any field has a problem, in the same shape as schema validation errors.
 * @param fields field name → message; empty means valid.
 * @throws AppError 400 VALIDATION_FAILED whose message is the only problem's message, or a general one for several.
 */
export function throwIfFieldErrors(fields: Record<string, string>): void {
  const [first, ...rest] = Object.values(fields);
  if (first !== undefined) throw badRequest(rest.length === 0 ? first : MESSAGES.validationFailed, fields);
}
