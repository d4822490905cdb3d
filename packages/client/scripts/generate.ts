/**
 * `npm run generate --workspace packages/client` (or `npm run client:generate` at the root): rewrites
 * src/generated/openapi.ts from the server's current OpenAPI document.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_FILE, generateClientTypes } from '../src/generate.js';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', GENERATED_FILE);
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, await generateClientTypes());
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
