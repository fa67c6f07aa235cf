/**
 * The caller's role is read from the users row on every request (decision 0150: the role column
 * alone, no cache), so a role taken away or given applies to the very next request, and
 * ADMIN_EMAILS still upgrades a listed, verified address. Tokens: helpers/test-tokens.ts.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getAuthUser, requireAdmin } from "~/server/auth/auth.server";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { HttpError } from "~/server/http";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const as = (uid: string) => ({
  request: new Request("http://localhost/", { headers: { authorization: `Bearer test:${uid}` } }),
});

describe.each(dbKinds)("the caller's role, fresh on every request, on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    delete process.env.ADMIN_EMAILS;
    resetEnvForTests();
    await t.close();
  });

  it("a role taken away or given applies to the next request", async () => {
    await t.db
      .insert(schema.users)
      .values({ id: "meera", email: "meera@example.com", role: "tm_admin" });
    expect((await requireAdmin(as("meera"))).role).toBe("tm_admin");
    await t.db.update(schema.users).set({ role: "customer" }).where(eq(schema.users.id, "meera"));
    const refused = await requireAdmin(as("meera")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(403);
    await t.db.update(schema.users).set({ role: "tm_admin" }).where(eq(schema.users.id, "meera"));
    expect((await getAuthUser(as("meera")))?.role).toBe("tm_admin");
  });

  it("a first request makes the row; a listed administrator's row is upgraded and stored", async () => {
    expect((await getAuthUser(as("ravi")))?.role).toBe("customer");
    const [made] = await t.db.select().from(schema.users).where(eq(schema.users.id, "ravi"));
    expect(made).toMatchObject({ email: "ravi@example.com", role: "customer" });
    process.env.ADMIN_EMAILS = "ravi@example.com";
    resetEnvForTests();
    expect((await getAuthUser(as("ravi")))?.role).toBe("tm_admin");
    const [stored] = await t.db.select().from(schema.users).where(eq(schema.users.id, "ravi"));
    expect(stored?.role).toBe("tm_admin");
  });
});
