/**
 * Quotes (decision 0045) against a real database: create, edit, send (the link by mail, only its hash
 * stored), revise (the old link leads on), withdraw, expire; guessed, malformed, withdrawn and
 * expired links answer the same 404; every new owner endpoint is 401 without a token and 403 for a
 * shopper. Paying and stages: tests/custom-orders.test.ts.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { OWNER, customWorkKit, payBody, quoteBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

// Sign-in through the real auth module; only firebase-admin's verifyIdToken is stubbed
// ("test:<uid>" names the caller; the owner is the users row "owner-1" with role tm_admin).
vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const inquiryQuotes = await import("~/pages/v2/admin/inquiries/[id]/quotes");
const quoteRoute = await import("~/pages/v2/admin/quotes/[id]");
const quoteAction = await import("~/pages/v2/admin/quotes/[id]/[action]");
const stagesRoute = await import("~/pages/v2/admin/order/[id]/stages");
const shippingRoute = await import("~/pages/v2/admin/order/[id]/shipping-charge");

describe.each(dbKinds)("custom work: quotes on %s", (kind) => {
  const k = customWorkKit(kind);
  const { create, act, view, pay, inquiryStatus, mailsTo, tokenIn, events, sentQuote, inquiry } = k;

  it("creates a draft with the owner's figures (rupees on the wire), refuses bad ones, sends the link by mail and moves the inquiry to quoted", async () => {
    const inq = await inquiry();
    const created = await create(inq, quoteBody());
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      status: "draft",
      price: 4500.5,
      total: 4500.5,
      shippingEstimate: 120,
      dispatchMaxDays: 15,
      customerEmail: "meera@example.com",
    });
    expect(await inquiryStatus(inq)).toBe("new");
    for (const [bad, message] of [
      [{ dispatchMinDays: 3 }, "5-20 days"],
      [{ dispatchMaxDays: 25 }, "5-20 days"],
      [{ stageSet: "varmala", dispatchMinDays: 15, dispatchMaxDays: 30 }, "at least 20 days"],
      [{ price: 10.005 }, "price"],
      [{ price: 0 }, "price"],
      [{ expiresAt: "2020-01-01" }, "future"],
      [{ expiresAt: "2026-02-31" }, "expiresAt"],
      [{ shippingWeight: undefined }, "shippingEstimate"],
      [{ referenceImage: "javascript:alert(1)" }, "referenceImage"],
      [{ referenceImage: "https://evil.example/x.png" }, "referenceImage"],
    ] as const) {
      const refused = await create(inq, quoteBody(bad));
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.json.error).toContain(message);
    }
    expect(
      await k.t.db.select().from(schema.quotes).where(eq(schema.quotes.inquiryId, inq)),
    ).toHaveLength(1);
    // A draft can be edited; the estimate may be a figure.
    const edited = await call(quoteRoute.PUT, `/v2/admin/quotes/${created.json.id}`, {
      method: "PUT",
      token: OWNER,
      body: quoteBody({ shippingWeight: undefined, shippingEstimate: 250 }),
      params: { id: created.json.id },
    });
    expect(edited.json.shippingEstimate).toBe(250);
    const sent = await act(created.json.id, "send");
    expect(sent.json.quote.status).toBe("sent");
    expect(await inquiryStatus(inq)).toBe("quoted");
    const [mail] = await mailsTo("meera@example.com");
    const token = tokenIn(mail!.body)!;
    expect(token).toHaveLength(43); // 256 bits, base64url
    const [row] = await k.t.db
      .select()
      .from(schema.quotes)
      .where(eq(schema.quotes.id, created.json.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const shown = await view(token);
    expect(shown.status).toBe(200);
    expect(shown.json).toMatchObject({
      state: "open",
      quote: { title: "Ocean keepsake block", price: 4500.5, total: 4500.5, shippingEstimate: 250 },
    });
    expect(JSON.stringify(shown.json)).not.toContain("inq-");
    // Sent once only; a second open quote for the inquiry is refused.
    expect((await act(created.json.id, "send")).status).toBe(409);
    const second = await create(inq, quoteBody());
    expect((await act(second.json.id, "send")).status).toBe(409);
  });

  it("revise: the old link says replaced and leads to the new quote; withdraw: the link is a 404 and the inquiry closed", async () => {
    const q = await sentQuote();
    const revised = await act(q.id, "revise", quoteBody({ price: 5200 }));
    expect(revised.status).toBe(200);
    expect(revised.json.quote).toMatchObject({ status: "sent", price: 5200 });
    const newToken = tokenIn((await mailsTo(q.email)).at(-1)!.body)!;
    expect(newToken).not.toBe(q.token);
    const old = await view(q.token);
    expect(old.json.state).toBe("replaced");
    const { loadQuotePage } = await import("~/features/custom/quote-page.server");
    expect((await loadQuotePage(k.t.db, q.token, { follow: true }))?.quote.price).toBe(520000);
    expect((await view(newToken)).json.quote.price).toBe(5200);
    expect(await events(q.id)).toEqual(expect.arrayContaining(["sent", "revised"]));
    // Paying through the old link pays the new quote's amount (the server's, never the page's).
    expect((await act(q.id, "revise", quoteBody())).status).toBe(409);
    const withdrawn = await act(revised.json.quote.id, "withdraw");
    expect(withdrawn.json.status).toBe("withdrawn");
    expect(await inquiryStatus(q.inq)).toBe("closed");
    expect((await view(newToken)).status).toBe(404);
    expect(await loadQuotePage(k.t.db, q.token, { follow: true })).toBeNull();
    expect((await pay(newToken, payBody())).status).toBe(404);
  });

  it("a guessed, malformed, withdrawn or expired link answers the same 404 and reveals nothing", async () => {
    const q = await sentQuote();
    await k.t.db
      .update(schema.quotes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.quotes.id, q.id));
    const expired = await view(q.token);
    const guessed = await view("A".repeat(43));
    const malformed = await view("short");
    for (const answer of [expired, guessed, malformed]) {
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ error: "Quote not found" });
    }
    expect((await pay(q.token, payBody())).status).toBe(404);
    expect((await pay("B".repeat(43), payBody())).json).toEqual({ error: "Quote not found" });
    expect(
      await k.t.db.select().from(schema.orders).where(eq(schema.orders.quoteId, q.id)),
    ).toHaveLength(0);
    // The owner still sees it, as expired.
    const listed = await call(inquiryQuotes.GET, `/v2/admin/inquiries/${q.inq}/quotes`, {
      token: OWNER,
      params: { id: q.inq },
    });
    expect(listed.json.quotes[0].status).toBe("expired");
  });

  it("every new owner endpoint: 401 without a token, 403 for a shopper, nothing written", async () => {
    const q = await sentQuote();
    const [anyOrder] = await k.t.db.select().from(schema.orders).limit(1);
    const orderId = anyOrder?.id ?? "none";
    const calls = [
      (token?: string) =>
        call(inquiryQuotes.GET, `/v2/admin/inquiries/${q.inq}/quotes`, {
          token,
          params: { id: q.inq },
        }),
      (token?: string) =>
        call(inquiryQuotes.POST, `/v2/admin/inquiries/${q.inq}/quotes`, {
          method: "POST",
          token,
          body: quoteBody(),
          params: { id: q.inq },
        }),
      (token?: string) =>
        call(quoteRoute.PUT, `/v2/admin/quotes/${q.id}`, {
          method: "PUT",
          token,
          body: quoteBody(),
          params: { id: q.id },
        }),
      ...["send", "revise", "withdraw"].map(
        (action) => (token?: string) =>
          call(quoteAction.POST, `/v2/admin/quotes/${q.id}/${action}`, {
            method: "POST",
            token,
            body: quoteBody(),
            params: { id: q.id, action },
          }),
      ),
      (token?: string) =>
        call(stagesRoute.GET, `/v2/admin/order/${orderId}/stages`, {
          token,
          params: { id: orderId },
        }),
      (token?: string) =>
        call(stagesRoute.POST, `/v2/admin/order/${orderId}/stages`, {
          method: "POST",
          token,
          body: { stage: "design-agreed" },
          params: { id: orderId },
        }),
      (token?: string) =>
        call(shippingRoute.POST, `/v2/admin/order/${orderId}/shipping-charge`, {
          method: "POST",
          token,
          body: { amount: 100 },
          params: { id: orderId },
        }),
    ];
    const quotesBefore = (await k.t.db.select().from(schema.quotes)).length;
    const stagesBefore = (await k.t.db.select().from(schema.orderStages)).length;
    for (const request of calls) {
      expect((await request(undefined)).status).toBe(401);
      expect((await request(`test:nosy-${kind}`)).status).toBe(403);
    }
    expect((await k.t.db.select().from(schema.quotes)).length).toBe(quotesBefore);
    expect((await k.t.db.select().from(schema.orderStages)).length).toBe(stagesBefore);
    const [row] = await k.t.db
      .select()
      .from(schema.quotes)
      .where(and(eq(schema.quotes.id, q.id), eq(schema.quotes.status, "sent")));
    expect(row).toBeTruthy();
    // The owner gets through.
    expect((await calls[0]!(OWNER)).status).toBe(200);
  });
});
