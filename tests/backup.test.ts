/**
 * Backups that restore (docs/decisions/0079-backups-and-moving.md), on PGlite and PostgreSQL:
 * a shop with a row in every table (orders, payments, the outbox, issued invoices and their
 * counters, quotes, stages, shipments, reviews, discount codes, the audit trail, ...) and uploads
 * is backed up while orders keep coming in, restored into an empty target, and every row, money
 * sum and file is the same, and the next invoice number follows the last one issued; a truncated
 * or altered archive, or one from a newer schema, is refused with a sentence and nothing is written.
 */
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backup } from "~/server/backup/backup.server";
import {
  migrationsUpTo,
  RestoreRefused,
  readJournal,
  restore,
} from "~/server/backup/restore.server";
import { listTables, tableFigures } from "~/server/backup/tables.server";
import { rawRows } from "~/server/db/raw-rows";
import { sql } from "drizzle-orm";
import { openDb } from "~/server/db/client";
import {
  engineOf,
  everyRow,
  MIGRATIONS,
  mediaFolder,
  newTarget,
  placePaidOrder,
  repack,
  shopWithData,
} from "./helpers/backup";
import {
  fillEveryTable,
  payAndIssue,
  pendingOrder,
  schemaTables,
  tablesWithoutRows,
} from "./helpers/backup-fixture";
import { useLocalProvider } from "./helpers/checkout";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

/** The tables the writer below adds to while the backup runs; every other table stands still. */
const WRITTEN = new Set(["orders", "order_items", "payments", "outbox"]);

// Each case opens one or two file-backed databases: slower than the default 30 s on a busy machine.
describe.each(dbKinds)("backup and restore on %s", { timeout: 120_000 }, (kind) => {
  let source: TestDb;
  let work: string;
  let media: string;
  let archive: string;
  let shop: Awaited<ReturnType<typeof shopWithData>>;
  let invoiceNumbers: string[];
  useLocalProvider();

  beforeAll(async () => {
    source = await createTestDb(kind);
    shop = await shopWithData(source.db, 12);
    invoiceNumbers = await fillEveryTable(source.db, shop.shop, shop.uid);
    media = await mediaFolder();
    work = await mkdtemp(path.join(tmpdir(), "resin-backup-test-"));
    archive = path.join(work, "shop.tar.gz");
    await backup(source.db, { out: archive, mediaDir: media, engine: engineOf(kind) });
  });
  afterAll(async () => {
    await source.close();
    await rm(work, { recursive: true, force: true });
    await rm(media, { recursive: true, force: true });
  });

  it("the shop holds a row in every table of the schema", async () => {
    expect(schemaTables().length).toBeGreaterThan(40);
    expect(await tablesWithoutRows(source.db)).toEqual([]);
  });

  it("backs up while orders keep coming in, and the restore is the same shop at that moment", async () => {
    let writing = true;
    const written: string[] = [];
    const writer = (async () => {
      while (writing) {
        written.push(await placePaidOrder(source.db, shop.shop, shop.uid));
        // Requests arrive through the event loop; PGlite answers on the microtask queue alone, so
        // a loop without this would starve the file writes it races with.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const during = path.join(work, "during-writes.tar.gz");
    const manifest = await backup(source.db, {
      out: during,
      mediaDir: media,
      engine: engineOf(kind),
    });
    await placePaidOrder(source.db, shop.shop, shop.uid); // at least one order after the snapshot
    writing = false;
    await writer;

    const orders = manifest.tables.find((t) => t.name === "orders");
    const items = manifest.tables.find((t) => t.name === "order_items");
    expect(orders!.rows).toBeGreaterThanOrEqual(14);
    // One consistent moment: every order in the archive has both its lines, and its money.
    expect(items!.rows).toBe(orders!.rows * 2);
    expect(orders!.money.total_paise).toBe(String(orders!.rows * 349700));
    for (const table of manifest.tables) expect(table.rows, table.name).toBeGreaterThan(0);
    expect(manifest.media.map((m) => m.path)).toEqual([
      "media/abc123/480.webp",
      "media/abc123/960.webp",
      "media/def456/480.avif",
    ]);

    const { target, open, drop } = await newTarget(kind);
    const restoredMedia = path.join(work, "restored-media");
    try {
      await restore({
        archive: during,
        target,
        mediaDir: restoredMedia,
        migrationsDir: MIGRATIONS,
      });
      const restored = await open();
      try {
        const after = await everyRow(restored.db);
        const now = await everyRow(source.db);
        expect([...after.keys()].sort()).toEqual(schemaTables());
        for (const [table, rows] of after) {
          const entry = manifest.tables.find((t) => t.name === table);
          expect(rows.length, table).toBe(entry?.rows ?? 0);
          // Every restored row is byte-for-byte a row of the source (which has since grown)...
          const sourceRows = new Set(now.get(table));
          for (const row of rows) expect(sourceRows.has(row), `${table}: ${row}`).toBe(true);
          // ... and a table nobody wrote to meanwhile is the source's, whole.
          if (!WRITTEN.has(table)) expect(rows, table).toEqual(now.get(table));
        }
        for (const table of await listTables(restored.db)) {
          const entry = manifest.tables.find((t) => t.name === table.name);
          expect((await tableFigures(restored.db, table)).money, table.name).toEqual(entry?.money);
        }
        expect(after.get("orders")!.length).toBeLessThan(now.get("orders")!.length);

        // The books go on where they stopped: the next invoice follows the last one issued.
        const next = await payAndIssue(
          restored.db,
          await pendingOrder(restored.db, shop.shop, shop.uid),
        );
        const [, year, last] = /^RT\/(\d\d-\d\d)\/(\d+)$/.exec(invoiceNumbers[1]!)!;
        expect(invoiceNumbers[0]).toBe(`RT/${year}/000001`);
        expect(last).toBe("000002");
        expect(next).toBe(`RT/${year}/000003`);
      } finally {
        await restored.close();
      }
      for (const file of ["abc123/480.webp", "abc123/960.webp", "def456/480.avif"]) {
        expect(await readFile(path.join(restoredMedia, file))).toEqual(
          await readFile(path.join(media, file)),
        );
      }
    } finally {
      await drop();
    }
    expect(written.length).toBeGreaterThan(0);
  });

  it("refuses a target that already holds a shop, and writes nothing into it", async () => {
    const { target, open, drop } = await newTarget(kind);
    try {
      const first = await open();
      await shopWithData(first.db, 1);
      const before = await everyRow(first.db);
      await first.close();
      await expect(restore({ archive, target, migrationsDir: MIGRATIONS })).rejects.toThrow(
        kind === "postgres" ? /The target database is not empty/ : /already holds a database/,
      );
      const again = await open();
      expect(await everyRow(again.db)).toEqual(before);
      await again.close();
    } finally {
      await drop();
    }
  });

  const refusals: [string, (file: string) => Promise<void>, RegExp][] = [
    [
      "a truncated archive",
      async (file) => truncate(file, Math.floor((await stat(file)).size / 2)),
      /damaged or not a shop backup/,
    ],
    [
      "an altered table file",
      (file) =>
        repack(archive, file, async (dir) => {
          const orders = path.join(dir, "db/orders.jsonl");
          await writeFile(orders, (await readFile(orders, "utf8")).replace("349700", "349799"));
        }),
      /db\/orders\.jsonl does not match its checksum/,
    ],
    [
      "an altered image",
      (file) =>
        repack(archive, file, (dir) =>
          writeFile(path.join(dir, "media/abc123/480.webp"), "swapped"),
        ),
      /media\/abc123\/480\.webp does not match its checksum/,
    ],
    [
      "an archive from a newer version of the shop",
      (file) =>
        repack(archive, file, async (dir) => {
          const manifest = JSON.parse(await readFile(path.join(dir, "manifest.json"), "utf8"));
          manifest.schemaVersion += 1;
          await writeFile(path.join(dir, "manifest.json"), JSON.stringify(manifest));
        }),
      /made by a newer version of the shop/,
    ],
  ];

  it.each(refusals)(
    "refuses %s with a sentence, and writes nothing",
    async (_name, damage, message) => {
      const bad = path.join(work, `bad-${Math.random().toString(36).slice(2)}.tar.gz`);
      await cp(archive, bad);
      await damage(bad);
      const { target, open, drop } = await newTarget(kind);
      const restoredMedia = path.join(work, `media-${Math.random().toString(36).slice(2)}`);
      try {
        const refused = restore({
          archive: bad,
          target,
          mediaDir: restoredMedia,
          migrationsDir: MIGRATIONS,
        });
        await expect(refused).rejects.toBeInstanceOf(RestoreRefused);
        await expect(refused).rejects.toThrow(message);
        await expect(refused).rejects.toThrow(/Nothing was written/);
        expect(existsSync(restoredMedia)).toBe(false);
        if ("dataDir" in target)
          expect(existsSync(path.join(target.dataDir as string, "pglite"))).toBe(false);
        const check = await open();
        for (const [table, rows] of await everyRow(check.db)) expect(rows, table).toEqual([]);
        await check.close();
      } finally {
        await drop();
      }
    },
  );
});

describe.each(dbKinds)(
  "an archive from an older version of the shop on %s",
  { timeout: 120_000 },
  (kind) => {
    it("is loaded at its own schema, then the newer migrations run", async () => {
      const journal = await readJournal(MIGRATIONS);
      const older = journal.entries.length - 1;
      const oldMigrations = await migrationsUpTo(MIGRATIONS, journal, older);
      const work = await mkdtemp(path.join(tmpdir(), "resin-older-"));
      const source = await newTarget(kind);
      const target = await newTarget(kind);
      try {
        // A shop at the previous schema version, with a product, backed up by that version.
        const old = await openDb({ ...source.target, migrationsDir: oldMigrations });
        await old.db.execute(
          sql`insert into products (id, name, price_paise, sku) values ('p-old', 'Old Frame', 149900, 'OLD-1')`,
        );
        const archive = path.join(work, "old.tar.gz");
        const manifest = await backup(old.db, { out: archive, engine: engineOf(kind) });
        await old.close();
        expect(manifest.schemaVersion).toBe(older);

        await restore({ archive, target: target.target, migrationsDir: MIGRATIONS });
        const restored = await target.open();
        try {
          const rows = await everyRow(restored.db);
          expect(rows.get("products")).toHaveLength(1);
          expect(JSON.parse(rows.get("products")![0]!)).toMatchObject({
            id: "p-old",
            price_paise: 149900,
          });
          const [version] = await rawRows<{ n: number }>(
            restored.db,
            sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
          );
          expect(version?.n).toBe(journal.entries.length);
        } finally {
          await restored.close();
        }
      } finally {
        await source.drop();
        await target.drop();
        await rm(oldMigrations, { recursive: true, force: true });
        await rm(work, { recursive: true, force: true });
      }
    });
  },
);
