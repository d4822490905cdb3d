/** The checked-in types are those of the current API: a route changed without regenerating fails here. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, generateClientTypes } from './generate.js';

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe(GENERATED_FILE, () => {
  it("matches what the server's current OpenAPI document generates (run `npm run client:generate` when it does not)", async () => {
    const checkedIn = fs.readFileSync(path.join(PACKAGE_DIR, GENERATED_FILE), 'utf8');
    const current = await generateClientTypes();
    // Compared as text so the failure shows the lines that changed.
    expect(checkedIn).toBe(current);
  });
});
