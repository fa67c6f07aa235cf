/**
 * The forgotten-cart reminder with consent (docs/decisions/0097) on both engines: consent off by
 * default, given at sign-up or on the profile; one mail per cart after 24 h, never without consent,
 * never after a payment, never twice; the unsubscribe token works without signing in.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { makeShop, makeShopper, type Shop } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const consentRoute = await import("~/pages/v2/reminders/consent");
const registerRoute = await import("~/pages/v2/auth/register");
const withdrawRoute = await import("~/pages/v2/users/consent-withdrawal");
const { sendDueCartReminders } = await import("~/features/reminders/cart-reminders.server");
const { unsubscribeByToken, reminderConsentOf } = await import(
  "~/features/reminders/reminder-consent.server"
);

const HOUR = 3_600_000;

describe.each(dbKinds)("forgotten-cart reminders on %s", (kind) => {
  let shop: Shop;
  let n = 0;
  const t = useTestDb(kind, async (made) => {
    shop = await makeShop(made.db);
  });
  beforeEach(() => {
    vi.spyOn(console, "info").mockImplementation(() => {});
  });

  const consent = (token: string, consented?: boolean) =>
    consented === undefined
      ? call(consentRoute.GET, "/v2/reminders/consent", { token })
      : call(consentRoute.PUT, "/v2/reminders/consent", {
          method: "PUT",
          token,
          body: { consented },
        });
  /** A shopper with a cart last changed `hoursAgo` hours ago, and consent as given. */
  async function shopperWithCart(hoursAgo: number, agreed: boolean) {
    const s = await makeShopper(t.db, shop, `rem-${kind}-${++n}`);
    if (agreed) expect((await consent(s.token, true)).status).toBe(200);
    await t.db
      .update(schema.carts)
      .set({ updatedAt: new Date(Date.now() - hoursAgo * HOUR) })
      .where(eq(schema.carts.userId, s.uid));
    return s;
  }
  const mailsTo = async (uid: string) =>
    (await t.db.select().from(schema.outbox)).filter((m) => m.to === `${uid}@example.com`);

  it("consent is off by default and changes on the profile", async () => {
    const { token } = await makeShopper(t.db, shop, `rem-${kind}-${++n}`);
    expect((await consent(token)).json).toEqual({ consented: false });
    expect((await consent(token, true)).json).toEqual({ consented: true });
    expect((await consent(token)).json).toEqual({ consented: true });
    const bad = await call(consentRoute.PUT, "/v2/reminders/consent", {
      method: "PUT",
      token,
      body: { consented: "yes" },
    });
    expect(bad.status).toBe(400);
    expect((await call(consentRoute.GET, "/v2/reminders/consent")).status).toBe(401);
  });

  it("withdrawing consent on the profile's data rights turns reminders off (docs/decisions/0101)", async () => {
    const { token } = await makeShopper(t.db, shop, `rem-${kind}-${++n}`);
    expect((await consent(token, true)).json).toEqual({ consented: true });
    const withdrawn = await call(withdrawRoute.POST, "/v2/users/consent-withdrawal", {
      method: "POST",
      token,
    });
    expect(withdrawn.status).toBe(200);
    expect((await consent(token)).json).toEqual({ consented: false });
  });

  it("sign-up records the ticked box; unticked (or absent) stays off", async () => {
    const profile = {
      firstName: "Meera",
      lastName: "Iyer",
      phone: "9876543210",
      gender: "female",
      dateOfBirth: "1990-01-01",
    };
    const yes = `rem-signup-yes-${kind}`;
    const no = `rem-signup-no-${kind}`;
    const register = (uid: string, reminders?: boolean) =>
      call(registerRoute.POST, "/v2/auth/register", {
        method: "POST",
        token: `test:${uid}`,
        body: { ...profile, ...(reminders === undefined ? {} : { reminders }) },
      });
    expect((await register(yes, true)).status).toBeLessThan(300);
    expect((await register(no)).status).toBeLessThan(300);
    expect(await reminderConsentOf(t.db, yes)).toBe(true);
    expect(await reminderConsentOf(t.db, no)).toBe(false);
  });

  it("mails once for a cart left 24 hours, listing it with a link back and an unsubscribe link", async () => {
    const due = await shopperWithCart(25, true);
    const fresh = await shopperWithCart(2, true);
    const noConsent = await shopperWithCart(25, false);
    await sendDueCartReminders(t.db);
    const [mail, ...more] = await mailsTo(due.uid);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Resin Tales: your cart is waiting");
    expect(mail!.body).toContain("- Ocean Wave Photo Frame x 2: ₹2,998.00");
    expect(mail!.body).toContain("http://localhost:4321/checkout");
    expect(mail!.body).toMatch(/\/unsubscribe\/[A-Za-z0-9_-]{32}/);
    expect(await mailsTo(fresh.uid)).toHaveLength(0);
    expect(await mailsTo(noConsent.uid)).toHaveLength(0);
    // Never twice for the same cart.
    await sendDueCartReminders(t.db);
    expect(await mailsTo(due.uid)).toHaveLength(1);
  });

  it("never after a payment", async () => {
    const paid = await shopperWithCart(30, true);
    await t.db.insert(schema.orders).values({
      id: `ord-rem-${paid.uid}`,
      userId: paid.uid,
      subtotalPaise: 100,
      totalPaise: 100,
      shippingName: { firstName: "A", lastName: "B", phone: "", email: "" },
      billingName: { firstName: "A", lastName: "B", phone: "", email: "" },
      shippingAddress: {} as never,
      billingAddress: {} as never,
      status: "processing",
      paidAt: new Date(Date.now() - 26 * HOUR),
    });
    await sendDueCartReminders(t.db);
    expect(await mailsTo(paid.uid)).toHaveLength(0);
  });

  it("the unsubscribe token turns consent off without signing in; then no mail", async () => {
    const s = await shopperWithCart(25, true);
    const [row] = await t.db
      .select()
      .from(schema.reminderConsents)
      .where(eq(schema.reminderConsents.userId, s.uid));
    expect(await unsubscribeByToken(t.db, "not-a-real-token-at-all")).toBe(false);
    expect(await unsubscribeByToken(t.db, row!.unsubscribeToken)).toBe(true);
    expect(await reminderConsentOf(t.db, s.uid)).toBe(false);
    await sendDueCartReminders(t.db);
    expect(await mailsTo(s.uid)).toHaveLength(0);
  });
});
