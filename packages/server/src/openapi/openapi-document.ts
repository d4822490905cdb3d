/**
 * The OpenAPI document of the API as the running server serves it at /api/openapi.json, built without a port
 * or a configured database, for the client generator and the document's own lint test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';

/**
 * Builds the app on a throwaway SQLite file, reads GET /api/openapi.json through `inject`, and removes the file.
 * @returns the OpenAPI 3.1 document as plain JSON (the same bytes a client downloads, parsed).
 * @throws Error when the app cannot be built or the document is not served with 200.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-openapi-'));
  const database = connectDatabase({ databaseUrl: undefined, sqliteFile: path.join(dataDir, 'loreforge.sqlite'), poolSize: 1 });
  const config = loadConfig(
    {},
    { dataDir, databaseUrl: undefined, tokenSecret: 'openapi-document', logLevel: 'silent', webDistDir: undefined },
  );
  try {
    const app = await buildApp({ config, database });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
      return response.json<Record<string, unknown>>();
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
