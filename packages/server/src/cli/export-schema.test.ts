import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXPORT_SCHEMA_FILE, exportSchemaText } from './export-schema.js';

describe('docs/export-format.schema.json', () => {
  it('is the JSON Schema generated from the bundle schemas (run `npm run export-schema --workspace packages/server` after changing them)', () => {
    expect(fs.readFileSync(EXPORT_SCHEMA_FILE, 'utf8')).toBe(exportSchemaText());
  });
});
