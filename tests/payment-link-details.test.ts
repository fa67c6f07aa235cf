/**
 * A payment link for an order (decision 0207) on both engines: the shipping charge is billed to the
 * order's own person, address, phone and GSTIN, whatever its page sends, and its invoice names the
 * full name, not the first name alone.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { saveSeller } from "./helpers/books";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

describe.each(dbKinds)("a payment link uses its order's details, on %s", (kind) => {
  const k = customWorkKit(kind);

  it("the shipping charge's order and invoice carry the order's full name, address and phone", async () => {
    await saveSeller(k.t.db);
    const q = await k.sentQuote();
    const started = await k.pay(q.token, payBody({ customer_email: q.email }));
    await k.press(started.json.payment_session_id);
    const orderId = started.json.order_id as string;
    expect((await k.shippingCharge(orderId, { amount: 95 })).status).toBe(201);
    const token = k.tokenIn((await k.mailsTo(q.email)).at(-1)!.body)!;
    const charge = await k.pay(
      token,
      payBody({
        customer_name: "Meera",
        customer_email: "someone@example.com",
        customer_phone: "91234 56789",
        address: { address1: "9 Other St", city: "Delhi", state: "Delhi", zipCode: "110001" },
      }),
    );
    expect(charge.status).toBe(200);
    await k.press(charge.json.payment_session_id);
    const carrier = await k.orderRow(charge.json.order_id);
    const parent = await k.orderRow(orderId);
    expect(carrier.billingName).toEqual(parent.shippingName);
    expect(carrier.billingName).toMatchObject({ firstName: "Meera", lastName: "Rao" });
    expect(carrier.shippingAddress).toEqual(parent.shippingAddress);
    expect(carrier.shippingAddress).toMatchObject({ address1: "4 Lake Road", city: "Pune" });
    const [invoice] = await k.t.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.orderId, carrier.id));
    expect(JSON.stringify(invoice!.buyer)).toContain("Meera Rao");
  });
});
