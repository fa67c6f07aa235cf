/**
 * One rush shopper's requests (bench/rush.ts): the product's page, a cart add, POST /create-order
 * and paying through the local provider's page, each timed by the step's Timer. The whole journey
 * is the page, two adds, an order and its payment, as a signed-in shopper in the order rush makes
 * them: the page comes first because a shopper adds from it, and it is where a new session's token
 * is first checked with Firebase (a lookup, then remembered: src/server/auth/firebase-admin.server.ts).
 * Some shoppers also add a piece counted in stock (docs/decisions/0216): when it is gone, the cart
 * add or the order says "sold out" (an answer, not an error), and such a shopper removes the line
 * and checks out without it.
 */
import type { Shopper } from "./rush-shoppers";
import type { Timer } from "./rush-tools";

export interface JourneyTimers {
  page: Timer;
  cart: Timer;
  create: Timer;
  /** POST /create-order of a cart holding a stocked piece (refusals count as sold out). */
  createStock: Timer;
  pay: Timer;
}

export function rushRequests(base: string, engine: string) {
  /** A 400 that says a stocked piece is sold out: the shop's answer, not an error. */
  const soldOut = (status: number, text: string) => status === 400 && text.includes("sold out");
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
    return {
      ok: r.ok,
      value: true,
      soldOut: soldOut(r.status, text),
      why: `${r.status} ${text.slice(0, 200)}`,
    };
  };
  const removeLine = (s: Shopper, productId: string) => async () => {
    const r = await fetch(`${base}/v2/carts?prod_id=${encodeURIComponent(productId)}`, {
      method: "DELETE",
      headers: auth(s),
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
    if (!r.ok)
      return {
        ok: false,
        soldOut: soldOut(r.status, text),
        why: `${r.status} ${text.slice(0, 200)}`,
      };
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
   * The first product's page, two lines (and `piece`, a stocked one, when given), an order, its
   * payment; the order's id lands in `answered`, and in `paid` once paid. A piece sold out at the
   * order is removed and the order asked again without it.
   */
  const journey = async (
    s: Shopper,
    [first, second]: string[],
    timers: JourneyTimers,
    answered: string[],
    paid: string[],
    piece?: string,
  ) => {
    await timers.page.run(openPage(s, first!));
    await timers.cart.run(addLine(s, first!));
    await timers.cart.run(addLine(s, second!));
    const holding = piece ? (await timers.cart.run(addLine(s, piece))) === true : false;
    let order = null;
    if (holding && piece) {
      const before = timers.createStock.soldOut;
      order = await timers.createStock.run(createOrder(s));
      if (!order && timers.createStock.soldOut > before) {
        await removeLine(s, piece)();
        order = await timers.create.run(createOrder(s));
      }
    } else order = await timers.create.run(createOrder(s));
    if (!order) return;
    answered.push(order.order_id);
    if (await timers.pay.run(payOrder(order.payment_session_id))) paid.push(order.order_id);
  };
  return { addLine, createOrder, removeLine, journey };
}
