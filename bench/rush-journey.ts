/**
 * One rush shopper's requests (bench/rush.ts): a cart add, POST /create-order and paying through
 * the local provider's page, each timed by the step's Timer. The whole journey is two adds, an
 * order and its payment, as a shopper in the order rush makes them.
 */
import type { Shopper } from "./rush-shoppers";
import type { Timer } from "./rush-tools";

export interface JourneyTimers {
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
  /** Two lines, an order, its payment; the order's id lands in `answered`, and in `paid` once paid. */
  const journey = async (
    s: Shopper,
    [first, second]: string[],
    timers: JourneyTimers,
    answered: string[],
    paid: string[],
  ) => {
    await timers.cart.run(addLine(s, first!));
    await timers.cart.run(addLine(s, second!));
    const order = await timers.create.run(createOrder(s));
    if (!order) return;
    answered.push(order.order_id);
    if (await timers.pay.run(payOrder(order.payment_session_id))) paid.push(order.order_id);
  };
  return { addLine, createOrder, journey };
}
