/**
 * Which databases the API suite runs on: `DIALECTS=sqlite,postgres` (default both), PostgreSQL at
 * `TEST_DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/test).
 */
import type { Dialect } from '../src/db/database.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export const DIALECTS: Dialect[] = (process.env.DIALECTS ?? 'sqlite,postgres')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is Dialect => name === 'sqlite' || name === 'postgres');
