/**
 * A person whose sign-in was lost (a demo's Auth Emulator killed before it saved its accounts, an
 * account deleted in the Firebase console) signs up again with the same email
 * (docs/decisions/0171-relink-by-verified-email.md), on PGlite and PostgreSQL against a real Auth
 * Emulator: unverified, the record holding the email stays a 409; verified, and with the old
 * account gone from Firebase, the record with its orders and addresses moves to the new sign-in.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { startTestAuth, type TestAuth } from "./helpers/auth";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { makeOrder, makeReviewShop, makeShopperRow } from "./helpers/reviews";

const login = await import("~/pages/v2/auth/login");
const myOrders = await import("~/pages/v2/orders");

let auth: TestAuth;
beforeAll(async () => {
  auth = await startTestAuth(EMULATOR_PORTS.privacyRelink);
}, 120_000);
afterAll(async () => {
  await auth?.stop();
});

describe.each(dbKinds)("signing up again after the sign-in was lost, on %s", (kind) => {
  let t: TestDb;
  let orderId: string;
  const lost = `lost-${kind}`;
  const email = `${lost}@example.com`;
  const signIn = (token: string) =>
    call(login.POST, "/v2/auth/login", { method: "POST", body: {}, token });

  beforeAll(async () => {
    t = await createTestDb(kind);
    const shop = await makeReviewShop(t.db);
    // The record of an account the emulator no longer has: its orders and saved address.
    await makeShopperRow(t.db, lost);
    orderId = await makeOrder(t.db, lost, [shop.frameId], "processing");
  });
  afterAll(async () => {
    await t.close();
  });

  it("unverified, the new sign-in does not get the record (409)", async () => {
    const again = await auth.createUser(email);
    const answer = await signIn(again.token);
    expect(answer.status).toBe(409);
    const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
    expect(order?.userId).toBe(lost);
  });

  it("verified, the record, its orders and its address move to the new sign-in", async () => {
    const again = { uid: "", email, password: "test-password-1", token: "" };
    again.token = await auth.signIn(email, again.password);
    const claims = JSON.parse(Buffer.from(again.token.split(".")[1]!, "base64url").toString());
    again.uid = claims.user_id;
    const verified = await auth.verifyEmail(again);
    const answer = await signIn(verified);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ uid: again.uid, email, firstName: "Priyanka" });
    expect(answer.json.addresses).toHaveLength(1);
    const orders = await call(myOrders.GET, "/v2/orders", { token: verified });
    expect(orders.json.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect(await t.db.select().from(schema.users).where(eq(schema.users.id, lost))).toEqual([]);
  });
});
