import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig, sqliteReadWorkerDefault } from './config.js';

describe('SQLITE_READ_WORKER', () => {
  it('runs SQLite reads on a worker thread by default only where the machine has a core to spare', () => {
    expect(sqliteReadWorkerDefault(1)).toBe(false);
    expect(sqliteReadWorkerDefault(2)).toBe(true);
    expect(sqliteReadWorkerDefault(16)).toBe(true);
    expect(loadConfig({}).sqliteReadWorker).toBe(os.availableParallelism() > 1);
  });

  it('follows the variable when it is set', () => {
    expect(loadConfig({ SQLITE_READ_WORKER: 'true' }).sqliteReadWorker).toBe(true);
    expect(loadConfig({ SQLITE_READ_WORKER: 'false' }).sqliteReadWorker).toBe(false);
  });
});
