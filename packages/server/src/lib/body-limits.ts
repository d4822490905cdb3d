/** How large a request body each kind of route accepts (issue 20: cap bodies to what the route needs). */

/**
 * Body caps in bytes, each route taking the one it needs (issue 20): most JSON bodies up to 1 MiB (a character's
 * attributes or an event's changes may hold 200,000 characters); the public forms of a few short fields
 * (sign-in, registration, invite request) 16 KiB; routes that take no body 1 KiB. Map images keep their own
 * 10 MB on their route. A larger body answers 413 before a byte of it is parsed.
 */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** The cap of the public forms (see JSON_BODY_LIMIT): a few fields of at most a few hundred characters. */
export const FORM_BODY_LIMIT = 16 * 1024;
/** The cap of routes without a body schema (see JSON_BODY_LIMIT): room for an empty `{}` some clients send. */
export const NO_BODY_LIMIT = 1024;
