/**
 * The `privacy` settings section (docs/decisions/0101-data-rights.md) on PGlite and PostgreSQL: the
 * grievance contact reads its first values from the environment, the owner saves it (audited), a
 * stale save is 409 and a bad one 400, and the privacy notice shows the saved contact.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { loadPrivacyNotice } from "~/features/privacy/privacy-page.server";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { makeReviewShop, OWNER } from "./helpers/reviews";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const route = await import("~/pages/v2/admin/settings/privacy");
const officer = { officerName: "Meera Rao", email: "grievance@example.com", phone: "98765 43210" };

describe.each(dbKinds)("privacy settings on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    process.env.GRIEVANCE_OFFICER_NAME = "Anita Desai";
    resetEnvForTests();
    t = await createTestDb(kind);
    await makeReviewShop(t.db);
  });
  afterAll(async () => {
    delete process.env.GRIEVANCE_OFFICER_NAME;
    resetEnvForTests();
    await t.close();
  });
  const put = (body: unknown, token = OWNER) =>
    call(route.PUT, "/v2/admin/settings/privacy", { method: "PUT", token, body });

  it("starts from the environment, saves with an audit row, refuses stale and bad saves", async () => {
    const first = await call(route.GET, "/v2/admin/settings/privacy", { token: OWNER });
    expect(first.json).toEqual({
      value: {
        officerName: "Anita Desai",
        email: "hello@resintales.example",
        phone: "",
        keepPhotoOriginals: false,
      },
      version: 0,
    });
    expect((await put({ value: officer, version: 0 }, "test:a-shopper")).status).toBe(403);
    const saved = await put({ value: officer, version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ value: officer, version: 1 });
    expect((await put({ value: officer, version: 0 })).status).toBe(409);
    const bad = await put({ value: { ...officer, email: "not-an-email" }, version: 1 });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/Invalid email/);
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "settings.privacy"));
    expect(audit).toHaveLength(1);
    expect(await loadPrivacyNotice(async () => t.db)).toEqual({
      officer: { ...officer, keepPhotoOriginals: false },
      claimHours: 12,
    });
    // "Keep originals for printing" (decision 0285): saved with the section, read by the notice.
    const keep = await put({ value: { ...officer, keepPhotoOriginals: true }, version: 1 });
    expect(keep.status).toBe(200);
    expect((await loadPrivacyNotice(async () => t.db)).officer.keepPhotoOriginals).toBe(true);
  });
});
