/**
 * Uploads nobody uses any more (docs/decisions/0049-media-prune.md). An image stays in the store
 * while any row of any table names it (its /media URL, or its Cloudinary delivery URL): a product's
 * images, a category's picture, a quote's reference image, a stage's photos, and the lines of past
 * orders (which keep the picture the shopper bought). Rows are searched as text, every table of the
 * schema, so a column added later is covered without a list to keep up to date. An upload younger
 * than the grace period is kept even when unused: the owner may be filling in the form that will
 * name it. The stores themselves are in prune-stores.server.ts.
 */
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "~/server/db/client";
import * as schema from "~/server/db/schema";
import { rawRows } from "~/server/db/raw-rows";
import { fileStore, MEDIA_URL_PATTERN, type PruneStore } from "./prune-stores.server";
import { DAY_MS } from "~/lib/dates";

/** Uploads younger than this are kept even when nothing names them yet. */
export const DEFAULT_GRACE_DAYS = 7;
const UPLOAD_FOLDER = /^[a-f0-9]{32}$/;
/** A scratch folder left by an upload that was interrupted (media-store.server.ts). */
const SCRATCH_FOLDER = /^\.incoming-/;

/**
 * Tables that record history, not uses: the audit trail keeps an upload's URL for a year
 * (`upload.create`, decision 0110), and counting it would keep every upload that long; the record
 * of who uploaded which review photo is not a use either (the review's own row is).
 */
const HISTORY_TABLES = new Set<string>([
  getTableName(schema.auditLog),
  getTableName(schema.reviewPhotoUploads),
]);

/**
 * Every upload (its hash) that some row of some table names: `pattern` is a PostgreSQL regular
 * expression whose first group is the hash (the store's URL form, /media URLs by default).
 */
export async function referencedUploads(
  db: DbOrTx,
  pattern = MEDIA_URL_PATTERN,
): Promise<Set<string>> {
  const tables = (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable => is(value, PgTable) && !HISTORY_TABLES.has(getTableName(value)),
  );
  const found = new Set<string>();
  for (const table of tables) {
    const rows = await rawRows<{ hash: string }>(
      db,
      sql`select distinct (regexp_matches(t::text, ${pattern}, 'g'))[1] as hash from ${sql.identifier(getTableName(table))} t`,
    );
    for (const row of rows) found.add(row.hash);
  }
  return found;
}

export interface PruneReport {
  /** Upload folders (and interrupted scratch folders) that nothing names and are past the grace period. */
  unused: string[];
  /** How many uploads are kept (named by a row, or too young to judge). */
  kept: number;
  /** True when the unused folders were deleted, false for a dry run. */
  removed: boolean;
}

/**
 * Finds (and with `apply`, deletes) the uploads nothing names that are older than `graceDays`, in
 * `store` (the shop's own store, the data folder or S3, unless told).
 */
export async function pruneMedia(
  db: DbOrTx,
  options: { apply: boolean; graceDays?: number; now?: number; store?: PruneStore },
): Promise<PruneReport> {
  const store = options.store ?? (await fileStore());
  const cutoff = (options.now ?? Date.now()) - (options.graceDays ?? DEFAULT_GRACE_DAYS) * DAY_MS;
  const entries = await store.listUploads();
  const used = entries.length > 0 ? await referencedUploads(db, store.namedBy) : new Set<string>();
  const unused: string[] = [];
  let kept = 0;
  for (const { name, modified } of entries) {
    const upload = UPLOAD_FOLDER.test(name);
    if (!upload && !SCRATCH_FOLDER.test(name)) continue; // not ours: left alone
    if ((upload && used.has(name)) || modified > cutoff) kept += upload ? 1 : 0;
    else unused.push(name);
  }
  unused.sort();
  if (options.apply && unused.length > 0) await store.removeUploads(unused);
  return { unused, kept, removed: options.apply };
}
