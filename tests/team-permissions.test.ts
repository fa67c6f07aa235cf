/**
 * The one permission table of the studio's team (src/lib/permissions.ts,
 * docs/decisions/0253-team-roles.md), held to the route files: every owner's-portal route (the
 * files under src/pages/v2/admin/ and src/pages/admin/, and every route the rate-limit table calls
 * owner only) has a row, and no row names a route that does not exist. Then the whole matrix:
 * every admin API route x {owner, studio, accountant, shopper, anonymous} through the guard
 * itself (requireAdmin with a request to the route's address, the role read from the database),
 * on both engines. Full handlers per role: tests/team-requests.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { requireAdmin } from "~/server/auth/auth.server";
import { schema } from "~/server/db/client";
import { HttpError } from "~/server/http";
import { mayCall, mayRequest, PERMISSIONS, permissionKey } from "~/lib/permissions";
import { OWNER_ONLY, ROUTE_LIMITS } from "~/server/route-limits";
import { dbKinds } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const PAGES = "src/pages";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

/** "/v2/admin/order/[id]" for src/pages/v2/admin/order/[id].ts; index files name their folder. */
const routePath = (file: string) =>
  `/${relative(PAGES, file).replace(/\.(ts|astro)$/, "")}`.replace(/\/index$/, "");

function exported(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/export const \{([^}]+)\}/g))
    for (const name of m[1]!.split(",")) names.add(name.trim());
  for (const m of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) names.add(m[1]!);
  return METHODS.filter((m) => names.has(m));
}

/** Every admin route, from the files: "METHOD /path". */
const adminRoutes = (() => {
  const keys = new Set<string>();
  for (const file of files(PAGES)) {
    const path = routePath(file);
    if (file.endsWith(".astro")) {
      if (path.startsWith("/admin/")) keys.add(`GET ${path}`); // a page answers GET
      continue;
    }
    if (!file.endsWith(".ts")) continue;
    for (const method of exported(readFileSync(file, "utf8"))) {
      const key = `${method} ${path}`;
      const rule = ROUTE_LIMITS[key];
      const ownerOnly = rule !== undefined && "none" in rule && rule.none.startsWith(OWNER_ONLY);
      if (path.startsWith("/v2/admin/") || path.startsWith("/admin/") || ownerOnly) keys.add(key);
    }
  }
  return [...keys].sort();
})();

describe("one permission table, built from the route files", () => {
  it("finds the admin routes (the walk works)", () => {
    expect(adminRoutes.length).toBeGreaterThan(80);
    expect(adminRoutes).toContain("GET /v2/admin/allorders");
    expect(adminRoutes).toContain("GET /admin/[...path]");
    expect(adminRoutes).toContain("POST /v2/upload-cloud");
  });

  it("has a row for every admin route, and no row for a route that does not exist", () => {
    const rows = Object.keys(PERMISSIONS).sort();
    expect(
      adminRoutes.filter((key) => !(key in PERMISSIONS)),
      "add a row to src/lib/permissions.ts (docs/team.md)",
    ).toEqual([]);
    expect(rows.filter((key) => !adminRoutes.includes(key))).toEqual([]);
  });

  it("matches each route file's address to its own row", () => {
    for (const key of adminRoutes) {
      const [method, path] = key.split(" ") as [string, string];
      const address = path.replace(/\[\.\.\.[^\]]+\]/, "some/where").replace(/\[[^\]]+\]/g, "x1");
      expect(permissionKey(method, address), key).toBe(key);
    }
  });

  it("lets the accountant write nothing and the studio take no refund, price, setting or export", () => {
    const of = (role: string) => Object.keys(PERMISSIONS).filter((key) => mayCall(role, key));
    expect(of("accountant").filter((key) => !key.startsWith("GET "))).toEqual([]);
    const notStudio =
      /refunds|balance|shipping-charge|discounts|settings|exports|reports|data-|product|categor|team|\[action\]|audit|outbox|PUT .*deposit/;
    expect(of("studio").filter((key) => notStudio.test(key))).toEqual([]);
    expect(mayCall("studio", "PUT /v2/admin/order/[id]")).toBe(false); // cancellations included
    expect(of("customer")).toEqual([]);
    expect(of("tm_admin")).toEqual(Object.keys(PERMISSIONS));
    expect(mayRequest("studio", "GET", "/v2/admin/not-in-the-table")).toBe(false);
    expect(mayRequest("tm_admin", "GET", "/v2/admin/not-in-the-table")).toBe(true);
  });
});

const ROLES = {
  owner: "tm_admin",
  studio: "studio",
  accountant: "accountant",
  shopper: "customer",
} as const;
type Caller = keyof typeof ROLES | "anonymous";
const CALLERS: Caller[] = ["owner", "studio", "accountant", "shopper", "anonymous"];

/** The status the guard answers (200 when it lets the caller through). */
async function guard(method: string, address: string, caller: Caller): Promise<number> {
  const headers: Record<string, string> =
    caller === "anonymous" ? {} : { authorization: `Bearer test:matrix-${caller}` };
  const request = new Request(`http://127.0.0.1${address}`, { method, headers });
  try {
    await requireAdmin({ request });
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

const expected = (key: string, caller: Caller) => {
  if (caller === "anonymous") return 401;
  return mayCall(ROLES[caller], key) ? 200 : 403;
};

describe.each(dbKinds)("every admin route x every role through the guard, on %s", (kind) => {
  useTestDb(kind, async (t) => {
    await t.db.insert(schema.users).values(
      Object.entries(ROLES).map(([caller, role]) => ({
        id: `matrix-${caller}`,
        email: `matrix-${caller}@example.com`,
        role,
      })),
    );
  });

  const api = adminRoutes.filter((key) => !key.startsWith("GET /admin/"));
  it.each(CALLERS)("as %s", async (caller) => {
    const wrong: string[] = [];
    for (const key of api) {
      const [method, path] = key.split(" ") as [string, string];
      const address = path.replace(/\[[^\]]+\]/g, "x1");
      const status = await guard(method, address, caller);
      if (status !== expected(key, caller)) wrong.push(`${key}: ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("refuses a member with a sentence naming their role", async () => {
    const refused = await requireAdmin({
      request: new Request("http://127.0.0.1/v2/admin/order/o1/refunds", {
        method: "POST",
        headers: { authorization: "Bearer test:matrix-studio" },
      }),
    }).catch((error: unknown) => error);
    expect((refused as HttpError).message).toBe(
      "Your role (Studio) cannot do this; ask the shop's owner.",
    );
  });
});
