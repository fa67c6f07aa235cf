/**
 * One rush shopper's requests (bench/rush.ts): the product's page, a cart add, POST /create-order
 * and paying through the local provider's page, each timed by the step's Timer. The whole journey
 * is the page, two adds, an order and its payment, as a signed-in shopper in the order rush makes
 * them: the page comes first because a shopper adds from it, and it is where a new session's token
 * is first checked with Firebase (a lookup, then remembered: src/server/auth/firebase-admin.server.ts).
 */
import type { Shopper } from "./rush-shoppers";
import type { Timer } from "./rush-tools";

export interface JourneyTimers {
  page: Timer;
  cart: Timer;
  create: Timer;
  pay: Timer;
}

export function rushRequests(base: string, engine: string) {
  const auth = (s: Shopper) => ({
    authorization: `Bearer ${s.token}`,
    "content-type": "application/json",
  });
  const addLine = (s: Shopper, productId: string) => async () => {
    const r = await fetch(`${base}/v2/carts`, {
      method: "POST",
      headers: auth(s),
      body: JSON.stringify({ productId, variant: {}, quantity: 1 }),
    });
    const text = await r.text();
    return { ok: r.ok, why: `${r.status} ${text.slice(0, 200)}` };
  };
  /** The product's page with the session cookies a signed-in browser sends. */
  const openPage = (s: Shopper, productId: string) => async () => {
    const user = encodeURIComponent(JSON.stringify({ uid: s.uid, firstName: "Asha" }));
    const r = await fetch(`${base}/products/product/${encodeURIComponent(productId)}`, {
      headers: { cookie: `token=${s.token}; user=${user}`, "accept-encoding": "br, gzip" },
    });
    const text = await r.text();
    return { ok: r.ok && text.includes("Asha"), why: `${r.status} ${text.slice(0, 200)}` };
  };
  let keys = 0;
  const createOrder = (s: Shopper) => async () => {
    const r = await fetch(`${base}/create-order`, {
      method: "POST",
      headers: auth(s),
      body: JSON.stringify({
        customer_name: "Asha Verma",
        customer_email: s.email,
        customer_phone: "9876543210",
        address_id: "addr-1",
        idempotency_key: `rush-${engine}-${++keys}-${Date.now()}`,
      }),
    });
    const text = await r.text();
    if (!r.ok) return { ok: false, why: `${r.status} ${text.slice(0, 200)}` };
    return {
      ok: true,
      value: JSON.parse(text) as { order_id: string; payment_session_id: string },
    };
  };
  const payOrder = (sessionId: string) => async () => {
    const r = await fetch(`${base}/pay/local/${encodeURIComponent(sessionId)}/outcome`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: "outcome=pay",
      redirect: "manual",
    });
    await r.arrayBuffer();
    return { ok: r.status === 303, value: true, why: String(r.status) };
  };
  /**
   * The first product's page, two lines, an order, its payment; the order's id lands in `answered`,
   * and in `paid` once paid.
   */
  const journey = async (
    s: Shopper,
    [first, second]: string[],
    timers: JourneyTimers,
    answered: string[],
    paid: string[],
  ) => {
    await timers.page.run(openPage(s, first!));
    await timers.cart.run(addLine(s, first!));
    await timers.cart.run(addLine(s, second!));
    const order = await timers.create.run(createOrder(s));
    if (!order) return;
    answered.push(order.order_id);
    if (await timers.pay.run(payOrder(order.payment_session_id))) paid.push(order.order_id);
  };
  return { addLine, createOrder, journey };
}
