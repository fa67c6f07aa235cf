/** Shared steps of the backup, restore and move suites: a shop with data, and empty targets. */
import { randomUUID } from "node:crypto";
import { mkdtemp, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { create, extract } from "tar";
import { openDb, schema, type Db } from "~/server/db/client";
import { seedDemoCatalogue } from "~/server/seed/seed.server";
import { rawRows } from "~/server/db/raw-rows";
import { listTables, ident } from "~/server/backup/tables.server";
import { cartOrderItems, makeShop, makeShopper, type Shop } from "./checkout";
import type { TestDb } from "./db";
import { ADDRESS } from "./fixtures";

export const MIGRATIONS = "src/server/db/migrations";

/** The demo catalogue, one shopper with a cart, `orders` paid orders and their outbox mail. */
export async function shopWithData(db: Db, orders: number): Promise<{ shop: Shop; uid: string }> {
  await seedDemoCatalogue(db);
  const shop = await makeShop(db);
  const { uid } = await makeShopper(db, shop, `backup-${randomUUID().slice(0, 8)}`);
  for (let i = 0; i < orders; i++) await placePaidOrder(db, shop, uid);
  return { shop, uid };
}

/** One paid order with two lines, its payment and its confirmation mail, in one transaction. */
export async function placePaidOrder(db: Db, shop: Shop, uid: string): Promise<string> {
  const id = `ord-${randomUUID()}`;
  const name = {
    firstName: "Asha",
    lastName: "Verma",
    phone: "9876543210",
    email: "asha@example.com",
  };
  const address = { id: "addr-1", ...ADDRESS };
  await db.transaction(async (tx) => {
    const order: typeof schema.orders.$inferInsert = {
      id,
      userId: uid,
      status: "processing",
      subtotalPaise: 349700,
      totalPaise: 349700,
      paymentAmountPaise: 349700,
      paymentStatus: "SUCCESS",
      shippingName: name,
      billingName: name,
      shippingAddress: address,
      billingAddress: address,
      notes: 'Line one\nLine two with "quotes" and ₹ and emoji 🎁',
      timeline: { pending: new Date().toISOString() },
      paidAt: new Date(),
    };
    await tx.insert(schema.orders).values(order);
    await tx
      .insert(schema.orderItems)
      .values(
        cartOrderItems(id, shop, { variant: { Size: { id: "size-a4", value: "A4", price: 0 } } }),
      );
    await tx.insert(schema.payments).values({
      providerPaymentId: `pay-${id}`,
      orderId: id,
      provider: "local",
      status: "SUCCESS",
      amountPaise: 349700,
      paymentTime: new Date(),
      raw: { nested: { list: [1, 2, 3], text: "a\tb" } },
    });
    await tx.insert(schema.outbox).values({
      id: `mail-${id}`,
      to: "asha@example.com",
      subject: "Order placed",
      body: `Your order ${id}`,
    });
  });
  return id;
}

/** A media folder with a few files in nested folders, as uploads leave them. */
export async function mediaFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "resin-media-"));
  for (const [file, bytes] of [
    ["abc123/480.webp", Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3])],
    ["abc123/960.webp", Buffer.alloc(4096, 7)],
    ["def456/480.avif", Buffer.from("not really an image, but bytes are bytes")],
  ] as const) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), bytes);
  }
  return dir;
}

/** Every table's rows as sorted JSON texts, to compare two databases. */
export async function everyRow(db: Db): Promise<Map<string, string[]>> {
  const all = new Map<string, string[]>();
  for (const table of await listTables(db)) {
    const rows = await rawRows<{ j: string }>(
      db,
      sql.raw(`select row_to_json(t)::text as j from ${ident(table.name)} t`),
    );
    all.set(table.name, rows.map((r) => r.j).sort());
  }
  return all;
}

/** A new, empty PostgreSQL database on the test server; dropped by the returned function. */
export async function emptyPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error("TEST_DATABASE_URL is not set");
  const { default: pg } = await import("pg");
  const name = `resin_restore_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const run = async (query: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(query);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A target of the same engine as the source: a new PGlite folder, or a new PostgreSQL database. */
export async function newTarget(kind: TestDb["kind"]) {
  if (kind === "postgres") {
    const pg = await emptyPostgres();
    return {
      target: { url: pg.url },
      open: () => openDb({ url: pg.url, migrationsDir: MIGRATIONS }),
      drop: pg.drop,
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "resin-restored-"));
  return {
    target: { dataDir },
    open: () => openDb({ dataDir, migrationsDir: MIGRATIONS }),
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

export const engineOf = (kind: TestDb["kind"]) => (kind === "postgres" ? "postgresql" : "pglite");

/** Rewrites an archive after `change` edits its unpacked files. */
export async function repack(archive: string, out: string, change: (dir: string) => Promise<void>) {
  const dir = await mkdtemp(path.join(tmpdir(), "resin-repack-"));
  await extract({ file: archive, cwd: dir });
  await change(dir);
  await create({ gzip: true, file: out, cwd: dir, portable: true }, await readdir(dir));
  await rm(dir, { recursive: true, force: true });
}
