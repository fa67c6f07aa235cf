/**
 * The authorisation matrix of the owner's portal (docs/product.md §6, decision 0005): EVERY admin
 * endpoint and every admin mutation of the API, called with no token (401), a shopper's token (403)
 * and the owner's (neither 401 nor 403, and no 500). Real accounts on a private Auth Emulator; the
 * owner's role is its users row. One row per method and address (tests/helpers/admin-authz-rows.ts),
 * and every row's route file must exist. Every file under src/pages/v2/admin/ must have a row for
 * each method it exports, so a new admin route cannot ship outside the matrix.
 */
import type { APIRoute } from "astro";
import { describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { call, type CallOptions } from "./helpers/call";
import { dbKinds, type TestDb } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";
import { orderParties } from "./helpers/fixtures";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";
import { type Method, ROWS, type Row } from "./helpers/admin-authz-rows";

const EMULATOR_PORT = EMULATOR_PORTS.adminAuthz;

type RouteModule = Partial<Record<Method | "ALL", APIRoute>>;

/** Every API route file, loaded on demand; a path absent here is not on this branch (yet). */
const ROUTE_FILES = import.meta.glob<RouteModule>("../src/pages/v2/**/*.ts");
const V2 = "../src/pages/v2/";

const BOUNDARY = "authzboundary";
/** A text file with a .png name: the owner's upload is refused for its content (400), never for who sent it. */
const MULTIPART = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="file"; filename="disguised.png"',
  "Content-Type: image/png",
  "",
  "this is not a png",
  `--${BOUNDARY}--`,
  "",
].join("\r\n");

const present = (row: Row) => `${V2}${row.file}` in ROUTE_FILES;

async function handlerOf(row: Row): Promise<APIRoute> {
  const module = await ROUTE_FILES[`${V2}${row.file}`]!();
  const handler = module[row.method];
  if (!handler) throw new Error(`src/pages/v2/${row.file} does not export ${row.method}`);
  return handler;
}

function options(row: Row, token?: string): CallOptions {
  const base: CallOptions = { method: row.method, params: row.params, token };
  if (row.multipart)
    return {
      ...base,
      rawBody: MULTIPART,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    };
  if (row.body !== undefined) return { ...base, body: row.body };
  return base;
}

const { owner, shopper } = usePortalAccounts(EMULATOR_PORT);

it("has a row for every method of every route file under src/pages/v2/admin/", async () => {
  const missing: string[] = [];
  for (const [path, load] of Object.entries(ROUTE_FILES)) {
    if (!path.startsWith(`${V2}admin/`)) continue;
    const file = path.slice(V2.length);
    const module = await load();
    for (const method of Object.keys(module).filter((name) => name !== "ALL")) {
      if (!ROWS.some((row) => row.file === file && row.method === method))
        missing.push(`${method} src/pages/v2/${file}`);
    }
  }
  expect(missing, "add a row to tests/helpers/admin-authz-rows.ts for each").toEqual([]);
  expect(ROWS.filter((row) => !present(row)).map((row) => row.file)).toEqual([]);
});

async function seed(t: TestDb) {
  await t.db.insert(schema.users).values([
    { id: owner.uid, email: `${owner.uid}@example.com`, role: "tm_admin" },
    { id: shopper.uid, email: `${shopper.uid}@example.com` },
  ]);
  await t.db.insert(schema.categories).values({ id: "Frames", slug: "frames", name: "Frames" });
  await t.db
    .insert(schema.products)
    .values({ id: "p1", name: "Frame", pricePaise: 99900, sku: "AUTHZ-1", categoryId: "Frames" });
  await t.db.insert(schema.orders).values({
    id: "o1",
    userId: shopper.uid,
    subtotalPaise: 99900,
    totalPaise: 99900,
    ...orderParties(),
    timeline: { pending: "2026-01-01T10:00:00Z" },
  });
  await t.db
    .insert(schema.customInquiries)
    .values({ id: "q1", name: "Asha", email: "asha@example.com", productType: "Frame" });
}

describe.each(dbKinds)("admin authorisation matrix on %s", (kind) => {
  useTestDb(kind, seed);

  for (const row of ROWS) {
    const name = `${row.method} ${row.url.split("?")[0]}: no token 401, shopper 403, owner allowed`;
    it(name, async () => {
      const handler = await handlerOf(row);
      const anonymous = await call(handler, row.url, options(row));
      expect(anonymous.status, `${row.method} ${row.url} without a token`).toBe(401);
      expect(anonymous.json?.error).toEqual(expect.any(String));
      const asShopper = await call(handler, row.url, options(row, shopper.token));
      expect(asShopper.status, `${row.method} ${row.url} as a shopper`).toBe(403);
      const asOwner = await call(handler, row.url, options(row, owner.token));
      expect(
        [401, 403],
        `${row.method} ${row.url} as the owner: ${asOwner.text.slice(0, 200)}`,
      ).not.toContain(asOwner.status);
      expect(
        asOwner.status,
        `${row.method} ${row.url} as the owner: ${asOwner.text.slice(0, 200)}`,
      ).toBeLessThan(500);
    });
  }
});
