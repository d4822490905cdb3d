/** POST /invites/request (SPEC §7 Auth): keeps `{ name, email }` and answers 202 `{ message }`. Rate-limited. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FORM_BODY_LIMIT } from '../../lib/body-limits.js';
import { ErrorResponseSchema, InviteRequestSchema, MESSAGES, MessageResponseSchema } from '@loreforge/contract';
import { insertInviteRequest } from './invite.repository.js';

export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/invites/request',
    {
      config: { rateLimit: app.authRateLimit },
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary: 'Ask for an invite',
        body: InviteRequestSchema,
        response: { 202: MessageResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await insertInviteRequest(app.db, request.body.name, request.body.email);
      return reply.status(202).send({ message: MESSAGES.inviteRequestReceived });
    },
  );
};
