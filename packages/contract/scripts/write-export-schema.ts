/**
 * `npm run export-schema --workspace packages/contract`: writes docs/export-format.schema.json from the bundle's
 * zod schemas (src/bundle.ts), so the published JSON Schema never drifts from what the server reads and writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleJsonSchema } from '../src/bundle.js';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/export-format.schema.json');
fs.writeFileSync(target, `${JSON.stringify(bundleJsonSchema(), null, 2)}\n`);
process.stdout.write(`Wrote ${target}\n`);
