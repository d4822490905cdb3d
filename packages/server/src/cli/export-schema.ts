/**
 * `npm run export-schema --workspace packages/server`: writes docs/export-format.schema.json, the JSON Schema of
 * the Loreforge bundle, from its zod schemas (@loreforge/contract bundle.ts), so the published schema never
 * drifts from what export and import read and write. export-schema.test.ts fails when the file is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { bundleJsonSchema } from '@loreforge/contract';
import { REPO_ROOT } from '../config.js';

/** Where the published schema lives. */
export const EXPORT_SCHEMA_FILE = path.join(REPO_ROOT, 'docs/export-format.schema.json');

/** The schema file's text: indented JSON and a final newline. */
export const exportSchemaText = (): string => `${JSON.stringify(bundleJsonSchema(), null, 2)}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  fs.writeFileSync(EXPORT_SCHEMA_FILE, exportSchemaText());
  process.stdout.write(`Wrote ${path.relative(REPO_ROOT, EXPORT_SCHEMA_FILE)}\n`);
}
