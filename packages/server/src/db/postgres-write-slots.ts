/**
 * A bound on how many PostgreSQL write transactions one instance runs at once, while reads keep the whole pool.
 *
 * Why: every create in a world locks that world's row at commit (its count and content version), so creates in
 * one world commit one after another. Measured on two cores, ten connections all in such transactions made creates
 * slower than four (1,350 against 1,860 a second): the waiting transactions only queued inside the database and
 * took its processes' CPU from the one committing. One-query reads gained from the ten. So a transaction waits
 * for a slot before its BEGIN (holding no database lock while it waits), and gives the slot back at COMMIT or
 * ROLLBACK. Read-only transactions (the timeline engine's snapshots) take no slot.
 */
import type { DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';
import { FifoSlots } from './fifo-slots.js';

/** Wraps a driver so that at most `count` write transactions run at once; everything else is passed through. */
export class WriteSlotsDriver implements Driver {
  readonly #slots: FifoSlots;
  readonly #holding = new Set<DatabaseConnection>();

  /**
   * @param inner the driver that does the work (Kysely's PostgresDriver).
   * @param count how many write transactions may run at once (at least 1).
   */
  constructor(
    private readonly inner: Driver,
    count: number,
  ) {
    this.#slots = new FifoSlots(count);
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.inner.acquireConnection();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (settings.accessMode !== 'read only') {
      await this.#slots.take();
      this.#holding.add(connection);
    }
    try {
      await this.inner.beginTransaction(connection, settings);
    } catch (error) {
      this.#giveBack(connection);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(connection);
    } finally {
      this.#giveBack(connection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } finally {
      this.#giveBack(connection);
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.(connection, name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.(connection, name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.(connection, name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction that ended without COMMIT or ROLLBACK reaching the driver still gives its slot back.
    this.#giveBack(connection);
    await this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  #giveBack(connection: DatabaseConnection): void {
    if (this.#holding.delete(connection)) this.#slots.give();
  }
}
