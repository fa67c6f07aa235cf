/**
 * An erased person's delivered order keeps its details for the damage-claim window the owner set,
 * not a fixed 12 hours (docs/decisions/0269-held-orders-follow-the-claim-window.md), on PGlite and
 * PostgreSQL: the deletion's answer names the setting's hours, the background pass waits exactly
 * that long after delivery, a shorter window lets a delivered order go at once, and the privacy
 * notice prints the same figure.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { finishHeldErasures } from "~/features/privacy/erase-held.server";
import { loadPrivacyNotice } from "~/features/privacy/privacy-page.server";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { makeOrder, makeShopperRow, OWNER, PERSON, reviewShopKit } from "./helpers/reviews";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) => ({
  ...(await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
  deleteFirebaseAccount: async () => {},
}));

const claimsSettings = await import("~/pages/v2/admin/settings/claims");
const deleteRoute = await import("~/pages/v2/users/delete-account");
const HOUR = 3_600_000;

describe.each(dbKinds)("held orders follow the claim window setting, on %s", (kind) => {
  const { t, shop } = reviewShopKit(kind, "window");
  let version = 0;
  const setWindow = async (windowHours: number) => {
    const saved = await call(claimsSettings.PUT, "/v2/admin/settings/claims", {
      method: "PUT",
      token: OWNER,
      body: { value: { windowHours }, version },
    });
    expect(saved.status).toBe(200);
    version = saved.json.version;
  };
  const erase = (token: string) =>
    call(deleteRoute.POST, "/v2/users/delete-account", {
      method: "POST",
      token,
      body: { reviews: "keep", confirm: "DELETE" },
    });
  const address = async (orderId: string) =>
    (await t.db.select().from(schema.orders).where(eq(schema.orders.id, orderId)))[0]!
      .shippingAddress.address1;

  it("a 48-hour window holds an order delivered 20 hours ago, and frees it after 48", async () => {
    await setWindow(48);
    const token = await makeShopperRow(t.db, `long-${kind}`);
    const deliveredAt = new Date(Date.now() - 20 * HOUR);
    const orderId = await makeOrder(t.db, `long-${kind}`, [shop.frameId], "delivered", deliveredAt);
    const answer = await erase(token);
    expect(answer.status).toBe(200);
    expect(answer.json.message).toContain("we erase those too 48 hours after delivery");
    expect(await address(orderId)).toBe(PERSON.address1);
    // 40 hours after delivery: still inside the owner's window.
    expect(await finishHeldErasures(t.db, new Date(deliveredAt.getTime() + 40 * HOUR))).toBe(0);
    expect(await address(orderId)).toBe(PERSON.address1);
    // Just past 48 hours: the remainder goes.
    expect(await finishHeldErasures(t.db, new Date(deliveredAt.getTime() + 48 * HOUR + 1000))).toBe(
      1,
    );
    expect(await address(orderId)).toBe("");
    expect(await loadPrivacyNotice(async () => t.db)).toMatchObject({ claimHours: 48 });
  });

  it("a 2-hour window lets an order delivered 5 hours ago lose the person at once", async () => {
    await setWindow(2);
    const token = await makeShopperRow(t.db, `short-${kind}`);
    const deliveredAt = new Date(Date.now() - 5 * HOUR);
    const orderId = await makeOrder(
      t.db,
      `short-${kind}`,
      [shop.frameId],
      "delivered",
      deliveredAt,
    );
    const answer = await erase(token);
    expect(answer.status).toBe(200);
    expect(answer.json.message).toBe("Your account has been deleted.");
    expect(await address(orderId)).toBe("");
    expect(await loadPrivacyNotice(async () => t.db)).toMatchObject({ claimHours: 2 });
  });
});
