/**
 * `npm run --silent openapi --workspace packages/server`: prints the API's OpenAPI 3.1 document (the one served
 * at /api/openapi.json) as indented JSON on stdout, without starting a server or touching the configured database.
 */
import { buildOpenApiDocument } from '../openapi/openapi-document.js';

process.stdout.write(`${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`);
