/**
 * The columns every secret-capable table carries (migration 2026_11_24_000000): who may see the row, the
 * players it is revealed to, notes for editors, and who created and last changed it.
 */
import type { ColumnType } from 'kysely';
export interface AccessColumns {
  /** 'everyone' or 'editors' (a secret). */
  visibility: string;
  /** JSON list of the userIds of players the secret is revealed to ('[]' for none). */
  revealed_to: string;
  gm_notes: string | null;
  /** The GM notes' sanitised HTML (migration 2026_11_26_220000); null for plain notes. */
  gm_notes_html: string | null;
  /** userId of the writer; null for rows older than shared worlds. */
  created_by: string | null;
  updated_by: string | null;
}

/**
 * The access columns as the `Database` interface declares them: read like AccessColumns, optional on insert
 * (the database defaults to everyone, no reveals, no notes), so raw inserts of older shapes still type-check
 * while the app's own row types (which extend AccessColumns) must name every column.
 */
export interface AccessColumnTypes {
  visibility: ColumnType<string, string | undefined, string>;
  revealed_to: ColumnType<string, string | undefined, string>;
  gm_notes: ColumnType<string | null, string | null | undefined, string | null>;
  gm_notes_html: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A secret-capable table as the `Database` interface declares it (see AccessColumnTypes); `Defaulted` names
 * further columns of the table that the database defaults on insert (a character's assigned_to).
 */
export type WithAccessColumns<Row extends AccessColumns, Defaulted extends keyof Row = never> = Omit<Row, keyof AccessColumns | Defaulted> &
  AccessColumnTypes & { [K in Defaulted]: ColumnType<Row[K], Row[K] | undefined, Row[K]> };
