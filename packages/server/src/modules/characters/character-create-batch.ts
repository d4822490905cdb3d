/**
 * Creates the characters whose requests arrive together in one transaction: the rows queued while the previous
 * batch was being written (or during one turn of the event loop, when none was) are inserted, each into its world
 * only if the requester owns it or edits it, and committed together. One batch at a time per database handle.
 *
 * Why: creating characters is the write a worldbuilder makes by the hundreds, and every create in a world changes
 * that world's row (its count and content version) at commit. On PostgreSQL the creates of one world therefore
 * committed one after another, each holding the world's row through its commit; in one transaction, a batch
 * takes the row once and commits once. Waiting for the batch in flight is what makes batches on PostgreSQL: its
 * access checks answer one by one, so a turn of the event loop rarely holds two creates (1.3 rows a batch
 * measured, against tens while a batch waits on its round trips). (On SQLite the group commit of
 * db/group-commit-sqlite.ts already shares COMMITs.)
 *
 * The batch's rows are inserted by one statement (on SQLite, full-text tables then index them together: see
 * insertCharactersIntoOwnedWorlds), in world order, so batches of two instances lock their worlds' rows in the
 * same order and cannot deadlock. If a row fails (its world deleted meanwhile, say), the batch is rolled back and
 * each of its rows is inserted alone, so only that row's request fails. A request is answered after its row's
 * COMMIT.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { CharacterTable } from '../../db/tables/character.table.js';
import { insertCharacterIntoOwnedWorld, insertCharactersIntoOwnedWorlds } from './character.repository.js';

/** The most rows one batch carries. */
const CHARACTER_BATCH_MAX = 64;

interface Job {
  row: CharacterTable;
  userId: string;
  resolve: (inserted: boolean) => void;
  reject: (error: unknown) => void;
}

/** The batches of one database handle. */
export class CharacterCreateBatch {
  #queue: Job[] = [];
  #scheduled = false;
  /** Whether a batch is being written: the rows queued meanwhile wait for it and go together in the next. */
  #running = false;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Queues a new character row for the next batch.
   * @returns whether the row was inserted: false when its world is missing or not the user's.
   * @throws the database's error when inserting the row alone fails too.
   */
  insert(row: CharacterTable, userId: string): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.#queue.push({ row, userId, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#running) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#running = true;
      void this.#run(this.#queue.splice(0, CHARACTER_BATCH_MAX)).finally(() => {
        this.#running = false;
        if (this.#queue.length > 0) this.#schedule();
      });
    });
  }

  async #run(jobs: Job[]): Promise<void> {
    jobs.sort((a, b) => (a.row.world_id < b.row.world_id ? -1 : a.row.world_id > b.row.world_id ? 1 : 0));
    let results: boolean[];
    try {
      const inserted = await this.db.transaction().execute((trx) => insertCharactersIntoOwnedWorlds(trx, jobs));
      results = jobs.map((job) => inserted.has(job.row.id));
    } catch {
      // One row took the batch down with it: each goes alone, so only a failing row's request fails.
      for (const job of jobs) {
        try {
          job.resolve(await this.db.transaction().execute((trx) => insertCharacterIntoOwnedWorld(trx, job.row, job.userId)));
        } catch (error) {
          job.reject(error);
        }
      }
      return;
    }
    jobs.forEach((job, index) => job.resolve(results[index] === true));
  }
}
