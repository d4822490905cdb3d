/**
 * OpenAPI 3.1 generated from the route zod schemas, served at /api/openapi.json, with Swagger UI at /api/docs.
 * Operation ids and public security are set as routes are added (openapi/operations.ts); the generic error
 * answers are added to the built document (openapi/error-answers.ts).
 */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../version.js';
import { addHttpDetails } from './openapi-http.js';
import { LICENSE, SERVERS, TAGS } from '../openapi/document-info.js';
import { describeErrorAnswers } from '../openapi/error-answers.js';

export const docsPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Loreforge API',
          version: APP_VERSION,
          description:
            'The JSON API of Loreforge. Sign in with POST /api/auth/login and send the token as ' +
            '`Authorization: Bearer <token>`. Lists answer `{ data, pagination }`; errors answer ' +
            '`{ message, code, fields? }`.',
          license: LICENSE,
        },
        servers: SERVERS,
        tags: TAGS,
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (input) => describeErrorAnswers(addHttpDetails(jsonSchemaTransformObject(input))),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs' },
);
