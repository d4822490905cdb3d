/**
 * The one error type of the API. Every non-2xx response is `{ message, code, fields? }` (see error-handler.ts).
 */
import { type ErrorCode, MESSAGES, notFoundMessage } from '@loreforge/contract';

export class AppError extends Error {
  /**
   * @param status HTTP status (4xx for the caller's mistakes, 5xx for ours).
   * @param code machine-readable code from ERROR_CODES.
   * @param message a sentence a person can act on.
   * @param fields optional field name → message map (SPEC §5 messages).
   */
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 400 with a message and optional per-field messages. */
export const badRequest = (message: string, fields?: Record<string, string>): AppError =>
  new AppError(400, fields ? 'VALIDATION_FAILED' : 'BAD_REQUEST', message, fields);

/** 400 for one field: the field's message is also the error's message. */
export const invalidField = (field: string, message: string): AppError =>
  new AppError(400, 'VALIDATION_FAILED', message, { [field]: message });

/** 401: no token, or a bad or expired one. */
export const unauthorized = (message: string = MESSAGES.unauthorized): AppError => new AppError(401, 'UNAUTHORIZED', message);

/** 404 for anything missing or not the caller's: 'World not found.' (never reveals other users' data). */
export const notFound = (entity: string): AppError => new AppError(404, 'NOT_FOUND', notFoundMessage(entity));

/** 409: the request conflicts with the current state (duplicate, disallowed transition). */
export const conflict = (message: string): AppError => new AppError(409, 'CONFLICT', message);

/**
 * 403: the caller may see the target but their role in the world does not allow this (ACCESS_MESSAGES). Never
 * for something the caller may not see: that is a 404, exactly like a missing one.
 */
export const forbidden = (message: string): AppError => new AppError(403, 'FORBIDDEN', message);
