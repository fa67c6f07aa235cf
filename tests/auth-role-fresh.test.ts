/**
 * The caller's role is read from the users row on every request (decision 0150: the role column
 * alone, no cache), so a role taken away or given applies to the very next request, and
 * ADMIN_EMAILS still upgrades a listed, verified address. Tokens: helpers/test-tokens.ts.
 */
import { eq } from "drizzle-orm";
import type { APIContext } from "astro";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getAuthUser, requireAdmin } from "~/server/auth/auth.server";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { HttpError } from "~/server/http";
import { countHit } from "~/server/limited.server";
import { countStatements } from "./helpers/count-statements";
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

  it("read by the statement that counts a request's limit: one statement, as fresh, a missing row still made", async () => {
    // A limited route counts its hit, then its handler asks for the caller (decision 0313).
    const limitedCall = async (uid: string) => {
      const context = { ...as(uid), clientAddress: "203.0.113.9" } as unknown as APIContext;
      await countHit(context, "cart");
      return getAuthUser(context);
    };
    await t.db
      .insert(schema.users)
      .values({ id: "asha", email: "asha@example.com", role: "tm_admin" });
    const first = await countStatements(t, () => limitedCall("asha"));
    expect(first.result?.role).toBe("tm_admin");
    expect(first.statements.filter((q) => !/^delete/i.test(q))).toHaveLength(1);
    await t.db.update(schema.users).set({ role: "customer" }).where(eq(schema.users.id, "asha"));
    expect((await limitedCall("asha"))?.role).toBe("customer");
    // No row yet: the limiter's statement finds none, and ensureUserRow makes it.
    expect((await limitedCall("kiran"))?.role).toBe("customer");
    const [made] = await t.db.select().from(schema.users).where(eq(schema.users.id, "kiran"));
    expect(made).toMatchObject({ email: "kiran@example.com", role: "customer" });
  });
});
