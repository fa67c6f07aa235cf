/**
 * Data rights match by email only when Firebase says it is verified, and an erasure keeps what an
 * order in production needs (docs/decisions/0170-verified-email-and-held-erasure.md), on PGlite and
 * PostgreSQL against a real Auth Emulator. A guest (no account) paid a quote: her order, inquiry,
 * quote and the quote's mail sit under her email. Anyone can make a Firebase account with that
 * email, unverified: it must see and erase none of it. Verified, she sees it all, with the quote's
 * link masked, and her erasure leaves the order's delivery details until delivery plus the window.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { finishHeldErasures } from "~/features/privacy/erase-held.server";
import { call } from "./helpers/call";
import { startTestAuth, type TestAuth } from "./helpers/auth";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { makeOrder, makeReviewShop, PERSON } from "./helpers/reviews";

const myData = await import("~/pages/v2/users/my-data");
const deleteRoute = await import("~/pages/v2/users/delete-account");

const GUEST = "~quote-guest";
const TOKEN = "Qx7vR2mK9pL4sT8wZ1yB6nC3dF5gH0jA2eU7iO9kM4q"; // 43 base64url characters
const HOUR = 3_600_000;

let auth: TestAuth;
beforeAll(async () => {
  auth = await startTestAuth(EMULATOR_PORTS.privacyEmail);
}, 120_000);
afterAll(async () => {
  await auth?.stop();
});

describe.each(dbKinds)("matching by a verified email only, on %s", (kind) => {
  let t: TestDb;
  let orderId: string;
  const email = `guest-${kind}@example.com`;
  const del = (token: string) =>
    call(deleteRoute.POST, "/v2/users/delete-account", {
      method: "POST",
      token,
      body: { reviews: "keep", confirm: "DELETE" },
    });
  const order = async () =>
    (await t.db.select().from(schema.orders).where(eq(schema.orders.id, orderId)))[0]!;

  beforeAll(async () => {
    t = await createTestDb(kind);
    const shop = await makeReviewShop(t.db);
    await t.db.insert(schema.users).values({ id: GUEST, email: "quote-guest@resintales.invalid" });
    // As quote-pay writes a guest's order: under the placeholder user, claimable by her email.
    orderId = await makeOrder(t.db, GUEST, [shop.frameId], "processing");
    const [row] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, orderId));
    await t.db
      .update(schema.orders)
      .set({ claimEmail: email, shippingName: { ...row!.shippingName, email } })
      .where(eq(schema.orders.id, orderId));
    await t.db.insert(schema.customInquiries).values({
      id: `inq-${kind}`,
      name: `${PERSON.firstName} ${PERSON.lastName}`,
      email,
      productType: "Varmala preservation",
      description: "Our wedding garland, please",
    });
    await t.db.insert(schema.quotes).values({
      id: `q-${kind}`,
      inquiryId: `inq-${kind}`,
      title: "Garland block",
      pricePaise: 450000,
      customerName: PERSON.firstName,
      customerEmail: email,
      expiresAt: new Date(Date.now() + 240 * HOUR),
    });
    await t.db.insert(schema.outbox).values({
      id: `mail-${kind}`,
      to: email,
      subject: "Your quote",
      body: `See and pay your quote: https://shop.example/quote/${TOKEN}\nUnsubscribe: https://shop.example/unsubscribe/${TOKEN}x`,
      sentAt: new Date(),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("an unverified account with her email sees none of her records in its download", async () => {
    const stranger = await auth.createUser(email);
    const answer = await call(myData.GET, "/v2/users/my-data", { token: stranger.token });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ orders: [], inquiries: [], quotes: [], mails: [] });
    expect(answer.json.note).toMatch(/not verified/);
    for (const secret of [PERSON.address1, PERSON.phone, "wedding garland", TOKEN])
      expect(answer.text).not.toContain(secret);
  });

  it("an unverified account with her email erases none of her records", async () => {
    // The stranger of the case above, still unverified.
    const stranger = await auth.signIn(email, "test-password-1");
    expect((await del(stranger)).status).toBe(200);
    expect(await order()).toMatchObject({
      claimEmail: email,
      shippingName: { phone: PERSON.phone, email },
      shippingAddress: { address1: PERSON.address1 },
    });
    const [inquiry] = await t.db.select().from(schema.customInquiries);
    expect(inquiry).toMatchObject({ email, description: "Our wedding garland, please" });
    const [quote] = await t.db.select().from(schema.quotes);
    expect(quote?.customerEmail).toBe(email);
    const [mail] = await t.db.select().from(schema.outbox);
    expect(mail).toMatchObject({ to: email, subject: "Your quote" });
  });

  it("verified, she sees her records, with no live link in the download", async () => {
    const owner = await auth.createUser(email);
    const token = await auth.verifyEmail(owner);
    const answer = await call(myData.GET, "/v2/users/my-data", { token });
    expect(answer.status).toBe(200);
    expect(answer.json.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect(answer.json.inquiries).toHaveLength(1);
    expect(answer.json.quotes).toHaveLength(1);
    expect(answer.json.mails[0].body).toContain("https://shop.example/quote/(link removed)");
    expect(answer.json.mails[0].body).toContain("https://shop.example/unsubscribe/(link removed)");
    expect(answer.text).not.toContain(TOKEN);
    expect(answer.json.note).toBeUndefined();
  });

  it("her erasure keeps what the order in production needs until delivery plus the window", async () => {
    const owner = await auth.signIn(email, "test-password-1");
    const answer = await del(owner);
    expect(answer.status).toBe(200);
    expect(answer.json.message).toMatch(
      /^Your account has been deleted\. Your order that is still/,
    );
    expect(answer.json.message).toContain("12 hours after delivery");
    // What she wrote goes now; the order keeps its name, phone and address for the studio.
    const [inquiry] = await t.db.select().from(schema.customInquiries);
    expect(inquiry?.email).toBe("");
    expect(await order()).toMatchObject({
      shippingName: { phone: PERSON.phone },
      shippingAddress: { address1: PERSON.address1 },
    });
    const [request] = await t.db
      .select()
      .from(schema.dataRequests)
      .where(eq(schema.dataRequests.kind, "deletion"))
      .orderBy(schema.dataRequests.createdAt);
    expect(request).toBeDefined();
    const open = (await t.db.select().from(schema.dataRequests)).filter(
      (r) => r.kind === "deletion" && r.completedAt === null,
    );
    expect(open.map((r) => r.heldOrderIds)).toEqual([[orderId]]);

    // Still being made: the background pass leaves it.
    expect(await finishHeldErasures(t.db)).toBe(0);
    const delivered = new Date(Date.now() - 11 * HOUR);
    await t.db
      .update(schema.orders)
      .set({ status: "delivered", timeline: { delivered: delivered.toISOString() } })
      .where(eq(schema.orders.id, orderId));
    // Delivered 11 hours ago: still inside the claim window.
    expect(await finishHeldErasures(t.db)).toBe(0);
    expect((await order()).shippingAddress.address1).toBe(PERSON.address1);
    // Past the window: the remainder goes and the request is done.
    expect(await finishHeldErasures(t.db, new Date(Date.now() + 2 * HOUR))).toBe(1);
    expect(await order()).toMatchObject({
      claimEmail: "",
      shippingName: { firstName: "Erased", phone: "", email: "" },
      shippingAddress: { address1: "", zipCode: "" },
    });
    const done = await t.db
      .select()
      .from(schema.dataRequests)
      .where(eq(schema.dataRequests.id, open[0]!.id));
    expect(done[0]?.completedAt).not.toBeNull();
    expect(await finishHeldErasures(t.db, new Date(Date.now() + 3 * HOUR))).toBe(0);
  });
});
