/**
 * A restart between the hold and the payment, on both engines (docs/decisions/0216): the hold is
 * in the database, not the process, so the shop that comes back sells the held piece to the payer,
 * and a hold that lapsed while the shop was down keeps nothing from another shopper.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { recordPayment } from "~/features/checkout/payment-record.server";
import { openDb, schema, setDbForTests } from "~/server/db/client";
import { success } from "./helpers/books";
import { useLocalProvider } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { createOrder, lapse, stockedProduct, stockOf, stockShopper } from "./helpers/stock";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const MIGRATIONS = "src/server/db/migrations";

/** A database the test can stop and start again: a PGlite folder, or a PostgreSQL database. */
async function restartable(kind: "pglite" | "postgres") {
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "stock-restart-"));
    return {
      open: () => openDb({ dataDir: dir, migrationsDir: MIGRATIONS }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const { default: pg } = await import("pg");
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `resin_restart_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const run = async (text: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(text);
    await c.end();
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    open: () => openDb({ url: url.toString(), migrationsDir: MIGRATIONS }),
    drop: () => run(`drop database if exists ${name} with (force)`),
  };
}

describe.each(dbKinds)("a restart between hold and payment on %s", (kind) => {
  useLocalProvider();
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    setDbForTests(undefined);
    for (const drop of drops) await drop();
  });

  it("the held piece is sold to the payer after the restart; a lapsed hold blocks no one", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const store = await restartable(kind);
    drops.push(store.drop);
    let handle = await store.open();
    setDbForTests(handle);
    const piece = await stockedProduct(handle.db, 1);
    const other = await stockedProduct(handle.db, 1);
    const a = await stockShopper(handle.db, piece.id);
    const b = await stockShopper(handle.db, other.id);
    const c = await stockShopper(handle.db, other.id);
    const aId = (await createOrder(a.token, 60)).json.order_id as string;
    const bId = (await createOrder(b.token, 61)).json.order_id as string;
    expect(aId && bId).toBeTruthy();
    // The shop stops; B's window ends while it is down (no expiry job ran).
    setDbForTests(undefined);
    await handle.close();
    handle = await store.open();
    setDbForTests(handle);
    await lapse(handle.db, bId);
    const [order] = await handle.db.select().from(schema.orders).where(eq(schema.orders.id, aId));
    expect(
      await recordPayment(handle.db, aId, success(`p-${aId}`, order!.totalPaise), "local"),
    ).toBe("paid");
    expect(await stockOf(handle.db, piece.id)).toMatchObject({ onHand: 0, sold: 1 });
    // C may have the piece B's lapsed hold no longer keeps.
    expect((await createOrder(c.token, 62)).status).toBe(200);
    expect(
      (await stockOf(handle.db, other.id)).holds.filter((h) => h.state === "held"),
    ).toHaveLength(2);
    setDbForTests(undefined);
    await handle.close();
    // A PGlite folder migrates twice from nothing: slow on a busy machine, not a speed goal.
  }, 180_000);
});
