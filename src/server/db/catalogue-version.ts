/**
 * The catalogue version row's two statements, here in the database plumbing so the seed and the
 * test factories (which may not import features) bump it too. Everything else goes through
 * src/features/catalogue/catalogue-version.server.ts (docs/decisions/0040-catalogue-cache.md).
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { rawRows } from "./raw-rows";

/** After a write in this process, readers check the version afresh on every call for this long. */
const EAGER_AFTER_WRITE_MS = 2_000;
let eagerUntil = 0;

/** True shortly after this process wrote to the catalogue (the write may be about to commit). */
export function recentLocalCatalogueWrite(now = Date.now()): boolean {
  return now < eagerUntil;
}

/** Bumps the catalogue version inside the caller's transaction; answers the new version. */
export async function bumpCatalogueVersion(tx: DbOrTx): Promise<number> {
  const rows = await rawRows<{ version: number | string }>(
    tx,
    sql`insert into catalogue_version (id, version, changed_at) values (1, 1, now())
        on conflict (id) do update set version = catalogue_version.version + 1, changed_at = now()
        returning version`,
  );
  eagerUntil = Date.now() + EAGER_AFTER_WRITE_MS;
  return Number(rows[0]?.version ?? 0);
}

/** The committed version as `db` (or a transaction's snapshot) sees it; 0 before the first write. */
export async function readCatalogueVersion(db: DbOrTx): Promise<number> {
  const rows = await rawRows<{ version: number | string }>(
    db,
    sql`select version from catalogue_version where id = 1`,
  );
  return Number(rows[0]?.version ?? 0);
}
