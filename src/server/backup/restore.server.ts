/**
 * `restore()`: checks an archive whole before it writes anything, then loads it into an empty
 * database (and an empty media folder) in one transaction, and checks the result against the
 * manifest's counts and money sums before committing.
 *
 * An archive made by an older version of the shop is loaded at its own schema version (the
 * migrations up to it), and the newer migrations then run as at any start. One made by a newer
 * version is refused. docs/decisions/0079-backups-and-moving.md
 */
import { createReadStream, existsSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { extract } from "tar";
import { type Db, openDb, type OpenOptions } from "~/server/db/client";
import { fileSha256, filesUnder } from "./backup.server";
import { type Manifest, manifestSchema } from "./manifest";
import { BATCH_ROWS, followSequences, insertBatch } from "./rows.server";
import { listTables, tableFigures } from "./tables.server";

/** Refused before anything was written; the message is for a person. */
export class RestoreRefused extends Error {}

export interface RestoreOptions {
  archive: string;
  /** The target database (`url` for PostgreSQL, else `dataDir` for PGlite). */
  target: Pick<OpenOptions, "url" | "dataDir">;
  /** The target's local media folder; must be empty or absent. */
  mediaDir?: string;
  migrationsDir: string;
}

export async function restore(options: RestoreOptions): Promise<Manifest> {
  const unpacked = await mkdtemp(path.join(tmpdir(), "resin-restore-"));
  try {
    const manifest = await unpackAndCheck(options.archive, unpacked);
    const journal = await readJournal(options.migrationsDir);
    if (manifest.schemaVersion > journal.entries.length) {
      throw new RestoreRefused(
        `This archive was made by a newer version of the shop (schema ${manifest.schemaVersion}; this version knows ${journal.entries.length}). Update the shop first, then restore. Nothing was written.`,
      );
    }
    if (options.mediaDir && existsSync(options.mediaDir)) {
      if ((await readdir(options.mediaDir)).length > 0) {
        throw new RestoreRefused(
          `The media folder ${options.mediaDir} is not empty: restore into a fresh data folder. Nothing was written.`,
        );
      }
    }
    if (!options.target.url && options.target.dataDir)
      await refuseUsedDataDir(options.target.dataDir);

    // Load at the archive's own schema version, then let the newer migrations run.
    const older = manifest.schemaVersion < journal.entries.length;
    const loadMigrations = older
      ? await migrationsUpTo(options.migrationsDir, journal, manifest.schemaVersion)
      : options.migrationsDir;
    try {
      const handle = await openDb({ ...options.target, migrationsDir: loadMigrations });
      try {
        await load(handle.db, manifest, unpacked);
      } finally {
        await handle.close();
      }
    } finally {
      if (older) await rm(loadMigrations, { recursive: true, force: true });
    }
    if (older)
      await (await openDb({ ...options.target, migrationsDir: options.migrationsDir })).close();
    if (options.mediaDir && manifest.media.length > 0) {
      await cp(path.join(unpacked, "media"), options.mediaDir, { recursive: true });
    }
    return manifest;
  } finally {
    // A refused extraction may still be closing files: retry until the folder is gone.
    await rm(unpacked, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

/** Unpacks the archive and checks every file against the manifest. */
async function unpackAndCheck(archive: string, into: string): Promise<Manifest> {
  const damaged = (why: string) =>
    new RestoreRefused(
      `The archive ${archive} is damaged or not a shop backup (${why}). Nothing was written.`,
    );
  if (!existsSync(archive)) throw new RestoreRefused(`No file at ${archive}.`);
  try {
    await extract({ file: archive, cwd: into, strict: true });
  } catch (error) {
    throw damaged((error as Error).message);
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(
      JSON.parse(await readFile(path.join(into, "manifest.json"), "utf8")),
    );
  } catch {
    throw damaged("its manifest is missing or unreadable");
  }
  for (const table of manifest.tables) {
    const file = path.join(into, table.file);
    if (!existsSync(file) || (await fileSha256(file)) !== table.sha256) {
      throw damaged(`${table.file} does not match its checksum`);
    }
    const lines = await countLines(file);
    if (lines !== table.rows)
      throw damaged(`${table.file} holds ${lines} rows, the manifest says ${table.rows}`);
  }
  const listed = new Set(manifest.media.map((m) => m.path));
  for (const media of manifest.media) {
    const file = path.join(into, media.path);
    if (!existsSync(file) || (await fileSha256(file)) !== media.sha256) {
      throw damaged(`${media.path} does not match its checksum`);
    }
  }
  const mediaRoot = path.join(into, "media");
  if (existsSync(mediaRoot)) {
    for (const relative of await filesUnder(mediaRoot)) {
      if (!listed.has(`media/${relative.split(path.sep).join("/")}`))
        throw damaged(`media/${relative} is not in the manifest`);
    }
  }
  return manifest;
}

/** Inserts every table in one transaction and checks counts and money before committing. */
async function load(db: Db, manifest: Manifest, unpacked: string): Promise<void> {
  await db.transaction(async (tx) => {
    const tables = await listTables(tx);
    const known = new Map(tables.map((t) => [t.name, t]));
    for (const entry of manifest.tables) {
      if (!known.has(entry.name)) {
        throw new RestoreRefused(
          `The archive holds a table this schema does not have: ${entry.name}. Nothing was written.`,
        );
      }
    }
    for (const table of tables) {
      if ((await tableFigures(tx, table)).rows > 0) {
        throw new RestoreRefused(
          `The target database is not empty (${table.name} has rows): restore into an empty one. Nothing was written.`,
        );
      }
    }
    const byName = new Map(manifest.tables.map((t) => [t.name, t]));
    for (const table of tables) {
      const entry = byName.get(table.name);
      if (!entry) continue;
      let batch: string[] = [];
      for await (const line of createInterface({
        input: createReadStream(path.join(unpacked, entry.file)),
      })) {
        if (line === "") continue;
        batch.push(line);
        if (batch.length === BATCH_ROWS) {
          await insertBatch(tx, table, batch);
          batch = [];
        }
      }
      await insertBatch(tx, table, batch);
      const figures = await tableFigures(tx, table);
      const money = JSON.stringify(figures.money);
      if (figures.rows !== entry.rows || money !== JSON.stringify(entry.money)) {
        throw new Error(
          `${table.name}: restored ${figures.rows} rows (${money}), the archive has ${entry.rows} (${JSON.stringify(entry.money)})`,
        );
      }
    }
    await followSequences(tx);
  });
}

async function refuseUsedDataDir(dataDir: string): Promise<void> {
  const pglite = path.join(dataDir, "pglite");
  if (existsSync(pglite) && (await readdir(pglite)).length > 0) {
    throw new RestoreRefused(
      `The data folder ${dataDir} already holds a database: restore into a new folder. Nothing was written.`,
    );
  }
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

export async function readJournal(migrationsDir: string): Promise<Journal> {
  return JSON.parse(
    await readFile(path.join(migrationsDir, "meta", "_journal.json"), "utf8"),
  ) as Journal;
}

/** A copy of the migrations folder that stops after the first `count` migrations. */
export async function migrationsUpTo(
  migrationsDir: string,
  journal: Journal,
  count: number,
): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), "resin-migrations-"));
  await cp(migrationsDir, copy, { recursive: true });
  const truncated = { ...journal, entries: journal.entries.slice(0, count) };
  await writeFile(path.join(copy, "meta", "_journal.json"), JSON.stringify(truncated, null, 2));
  return copy;
}

async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const line of createInterface({ input: createReadStream(file) }))
    if (line !== "") lines++;
  return lines;
}
