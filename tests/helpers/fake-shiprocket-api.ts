/**
 * The fake Shiprocket's answers to login, serviceability, Create Custom Order and Get All Orders
 * (./fake-shiprocket-booking.ts answers the booking calls after it, ./fake-shiprocket-shapes.ts has
 * the records and where each published shape comes from), after the token check and any failure or
 * delay the test asked for. Create checks every field Shiprocket's "Create Custom Order" table marks
 * required (422 "Oops! Invalid Data." with the field's sentence, as its errors look) and answers the
 * documented example: awb_code, courier_company_id and courier_name null.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerBooking } from "./fake-shiprocket-booking";
import {
  COURIERS,
  FAKE_SR_EMAIL,
  FAKE_SR_PASSWORD,
  type FakeParcel,
  type FakeState,
  fakeNow,
  TOKEN_LIFE_MS,
} from "./fake-shiprocket-shapes";

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Answers one request as Shiprocket would, recording it in `state.requests`. */
export async function answerShiprocket(
  state: FakeState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://fake");
  const path = url.pathname.replace(/^\/v1\/external/, "");
  const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
  state.requests.push({ method: req.method ?? "", path: path + url.search, token: auth });
  const raw = await readBody(req);
  let body: Record<string, unknown> = {};
  try {
    body = raw ? JSON.parse(raw) : {};
  } catch {
    return send(res, 400, { message: "Malformed JSON", status_code: 400 });
  }
  const delay = [...state.delays].find(([prefix]) => path.startsWith(prefix))?.[1] ?? 0;
  if (delay) await new Promise((r) => setTimeout(r, delay));
  const failIndex = state.failures.findIndex((f) => path.startsWith(f.prefix) && f.times > 0);
  const failure = failIndex >= 0 ? state.failures[failIndex]!.failure : null;
  if (failure) {
    state.failures[failIndex]!.times--;
    if (!failure.afterWork) return send(res, failure.status, failure.body);
  }
  const answer = (status: number, payload: unknown) =>
    failure ? send(res, failure.status, failure.body) : send(res, status, payload);

  if (path === "/auth/login" && req.method === "POST") {
    if (body.email !== FAKE_SR_EMAIL || body.password !== FAKE_SR_PASSWORD)
      return send(res, 400, {
        message: "Invalid email and password combination",
        status_code: 400,
      });
    state.loginCount++;
    const token = `sr-token-${state.loginCount}-${Math.random().toString(36).slice(2)}`;
    state.tokens.set(token, fakeNow(state) + TOKEN_LIFE_MS);
    return answer(200, {
      id: 1,
      first_name: "API",
      last_name: "User",
      email: FAKE_SR_EMAIL,
      company_id: 4242,
      token,
    });
  }
  const expires = state.tokens.get(auth);
  if (!expires) return send(res, 401, { message: "Unauthenticated.", status_code: 401 });
  if (expires <= fakeNow(state))
    return send(res, 401, { message: "Token has expired", status_code: 401 });

  if (path === "/courier/serviceability/" && req.method === "GET") {
    const pickup = url.searchParams.get("pickup_postcode") ?? "";
    const delivery = url.searchParams.get("delivery_postcode") ?? "";
    const weight = Number(url.searchParams.get("weight"));
    if (!/^\d{6}$/.test(pickup) || !/^\d{6}$/.test(delivery) || !(weight > 0))
      return send(res, 422, { message: "Oops! Invalid Data.", status_code: 422, errors: {} });
    if (state.unserviceable.has(delivery))
      return answer(404, {
        message: `Delivery postcode ${delivery} is not serviceable`,
        status: 404,
      });
    return answer(200, {
      status: 200,
      data: { available_courier_companies: COURIERS, recommended_courier_company_id: 10 },
    });
  }
  if (path === "/orders/create/adhoc" && req.method === "POST") {
    const missing = missingCreateFields(body);
    if (missing.length)
      return send(res, 422, {
        message: "Oops! Invalid Data.",
        status_code: 422,
        errors: Object.fromEntries(missing.map((k) => [k, [`The ${k} field is required.`]])),
      });
    const parcel: FakeParcel = {
      orderId: state.nextId++,
      shipmentId: state.nextId++,
      channelOrderId: String(body.order_id),
      body,
      awb: "",
      courierId: 0,
      courierName: "",
      status: null,
      scans: [],
      label: false,
      pickup: false,
      manifest: "",
      freight: "",
    };
    state.parcels.push(parcel);
    return answer(200, {
      order_id: parcel.orderId,
      shipment_id: parcel.shipmentId,
      status: "NEW",
      status_code: 1,
      onboarding_completed_now: 0,
      awb_code: null,
      courier_company_id: null,
      courier_name: null,
    });
  }
  if (path === "/orders" && req.method === "GET") {
    const search = url.searchParams.get("search") ?? "";
    const found = state.parcels.filter((p) => p.channelOrderId === search);
    return answer(200, {
      data: found.map((p) => ({
        id: p.orderId,
        channel_order_id: p.channelOrderId,
        status: p.awb ? "READY TO SHIP" : "NEW",
        shipments: [{ id: p.shipmentId, awb: p.awb || null, courier: p.courierName || null }],
      })),
    });
  }
  return answerBooking(state, req.method ?? "", path, body, answer, res);
}

/** Create Custom Order's required fields (YES in its table; order_items' own four too). */
const REQUIRED = [
  "order_id",
  "order_date",
  "pickup_location",
  "billing_customer_name",
  "billing_address",
  "billing_city",
  "billing_pincode",
  "billing_state",
  "billing_country",
  "billing_email",
  "billing_phone",
  "shipping_is_billing",
  "order_items",
  "payment_method",
  "sub_total",
  "length",
  "breadth",
  "height",
  "weight",
];

function missingCreateFields(body: Record<string, unknown>): string[] {
  const empty = (v: unknown) => v === undefined || v === null || v === "";
  const missing = REQUIRED.filter((k) => empty(body[k]));
  if (body.shipping_is_billing === false || body.shipping_is_billing === 0)
    missing.push(
      ...["shipping_customer_name", "shipping_address", "shipping_city", "shipping_pincode"]
        .concat(["shipping_state", "shipping_country", "shipping_phone"])
        .filter((k) => empty(body[k])),
    );
  const items = Array.isArray(body.order_items) ? body.order_items : [];
  if (body.order_items !== undefined && !items.length) missing.push("order_items");
  items.forEach((item: Record<string, unknown>, i) => {
    for (const k of ["name", "sku", "units", "selling_price"])
      if (empty(item?.[k])) missing.push(`order_items.${i}.${k}`);
  });
  for (const k of ["length", "breadth", "height", "weight"])
    if (!empty(body[k]) && !(Number(body[k]) > 0)) missing.push(k);
  return missing;
}
