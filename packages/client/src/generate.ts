/**
 * Turns the API's OpenAPI document into the TypeScript types the client is typed with (openapi-typescript), so
 * the generated file and the check that it is current share one recipe.
 */
import openapiTS, { COMMENT_HEADER, astToString } from 'openapi-typescript';
import { buildOpenApiDocument } from '@loreforge/server/openapi';

/** The generated file, relative to this package: checked in, never edited by hand. */
export const GENERATED_FILE = 'src/generated/openapi.ts';

const HEADER = `${COMMENT_HEADER.trimEnd()}\n// Regenerate with \`npm run client:generate\` after changing a route; a test fails while it is stale.\n\n`;

/**
 * Generates the types of the current server's document.
 * @returns the whole text of GENERATED_FILE: `paths`, `operations` (keyed by operationId) and `components`.
 * @throws Error when the server's app cannot be built or the document is not valid OpenAPI.
 */
export async function generateClientTypes(): Promise<string> {
  const document = await buildOpenApiDocument();
  const ast = await openapiTS(JSON.stringify(document), { silent: true });
  return HEADER + astToString(ast);
}
