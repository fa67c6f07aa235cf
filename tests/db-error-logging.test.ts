/**
 * A failed query is logged without its parameters (docs/decisions/0073-odd-requests.md): with the disk full, POST /create-order's insert fails,
 * and the log must not carry the shopper's name, phone, email or address. The failure is made by a
 * trigger that refuses inserts into orders, on PGlite and PostgreSQL alike.
 */
import { inspect } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loggable } from "~/server/log-safe";
import { call } from "./helpers/call";
import { makeShop, makeShopper, orderBody, useLocalProvider } from "./helpers/checkout";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const createRoute = await import("~/pages/create-order");

const SECRETS = ["Meera Iyer", "meera.private@example.com", "9812345678", "12 MI Road", "Jaipur"];

describe.each(dbKinds)("database errors in the log on %s", (kind) => {
  let t: TestDb;
  useLocalProvider();
  beforeAll(async () => {
    t = await createTestDb(kind);
    await t.db.execute(
      sql.raw(`create function refuse_insert() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger orders_disk_full before insert on orders for each row execute function refuse_insert()",
      ),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it("POST /create-order with the disk full logs the query and the reason, not the shopper's details", async () => {
    const shop = await makeShop(t.db);
    const { token } = await makeShopper(t.db, shop, `logs-${kind}`);
    const logged: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      logged.push(
        args.map((a) => (typeof a === "string" ? a : inspect(a, { depth: 8 }))).join(" "),
      );
    });
    try {
      const res = await call(createRoute.POST, "/create-order", {
        method: "POST",
        token,
        body: orderBody({
          customer_name: "Meera Iyer",
          customer_email: "meera.private@example.com",
          customer_phone: "98123 45678",
        }),
      });
      expect(res.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const text = logged.join("\n");
    expect(text).toMatch(/insert into "orders"/);
    expect(text).toMatch(/No space left on device/);
    expect(text).toMatch(/53100/);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it("keeps errors that are not the database's as they are", () => {
    const plain = new Error("the provider answered 502");
    expect(loggable(plain)).toBe(plain);
    expect(loggable("text")).toBe("text");
  });
});
