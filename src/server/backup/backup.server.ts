/**
 * `backup()`: one archive (tar.gz) holding every table as JSON lines, the uploaded media and a
 * manifest with the schema version, row counts, money sums and a checksum per file.
 *
 * The tables are read in one read-only, repeatable-read transaction, so the archive is one
 * consistent moment of the shop while it keeps taking orders (on PGlite the shop's own queries
 * wait for that transaction, a second or so for a small shop). The archive is written under a
 * temporary name and renamed when complete: a file with the final name is always whole.
 * docs/decisions/0079-backups-and-moving.md
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import {
  copyFile,
  link,
  mkdir,
  mkdtemp,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { create } from "tar";
import type { Db } from "~/server/db/client";
import { ARCHIVE_FORMAT, type Manifest } from "./manifest";
import { tableBatches } from "./rows.server";
import { listTables, schemaVersion, tableFigures } from "./tables.server";

export interface BackupOptions {
  /** Where the archive goes (a .tar.gz path). */
  out: string;
  /** The local media folder (uploads), if the shop stores them on disk. */
  mediaDir?: string;
  engine: Manifest["engine"];
}

export async function backup(db: Db, options: BackupOptions): Promise<Manifest> {
  const staging = await mkdtemp(path.join(tmpdir(), "resin-backup-"));
  try {
    const manifest = await db.transaction(
      async (tx) => {
        const tables: Manifest["tables"] = [];
        for (const table of await listTables(tx)) {
          const file = `db/${table.name}.jsonl`;
          const rows = await writeLines(path.join(staging, file), tableBatches(tx, table));
          const figures = await tableFigures(tx, table);
          if (figures.rows !== rows.count) {
            throw new Error(
              `${table.name}: read ${rows.count} rows, the table has ${figures.rows}`,
            );
          }
          tables.push({
            name: table.name,
            file,
            rows: rows.count,
            sha256: rows.sha256,
            money: figures.money,
          });
        }
        return {
          format: ARCHIVE_FORMAT,
          createdAt: new Date().toISOString(),
          engine: options.engine,
          schemaVersion: await schemaVersion(tx),
          tables,
          media: [],
        } satisfies Manifest as Manifest;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    if (options.mediaDir && existsSync(options.mediaDir)) {
      manifest.media = await stageMedia(options.mediaDir, path.join(staging, "media"));
    }
    await writeFile(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${options.out}.partial`;
    await mkdir(path.dirname(path.resolve(options.out)), { recursive: true });
    await create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      "manifest.json",
      ...(await readdir(staging)).filter((f) => f !== "manifest.json"),
    ]);
    await rename(partial, options.out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Writes each JSON text as a line; returns how many and the file's SHA-256. */
async function writeLines(
  file: string,
  batches: AsyncIterable<string[]>,
): Promise<{ count: number; sha256: string }> {
  await mkdir(path.dirname(file), { recursive: true });
  const out = createWriteStream(file);
  const hash = createHash("sha256");
  let count = 0;
  for await (const batch of batches) {
    const text = `${batch.join("\n")}\n`;
    hash.update(text);
    count += batch.length;
    if (!out.write(text)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return { count, sha256: hash.digest("hex") };
}

/** Links (or copies) every media file into the staging folder; returns their manifest entries. */
async function stageMedia(from: string, to: string): Promise<Manifest["media"]> {
  const entries: Manifest["media"] = [];
  for (const relative of await filesUnder(from)) {
    const source = path.join(from, relative);
    const target = path.join(to, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await link(source, target).catch(() => copyFile(source, target));
    entries.push({
      path: `media/${relative.split(path.sep).join("/")}`,
      bytes: (await stat(target)).size,
      sha256: await fileSha256(target),
    });
  }
  return entries;
}

/** Every regular file below a folder, as paths relative to it, sorted. */
export async function filesUnder(root: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) found.push(path.relative(root, path.join(entry.parentPath, entry.name)));
  }
  return found.sort();
}

export async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
