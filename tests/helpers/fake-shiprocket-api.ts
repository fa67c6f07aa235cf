/**
 * The fake Shiprocket's answers to each API call (./fake-shiprocket.ts has the server and its
 * controls, ./fake-shiprocket-shapes.ts the records and Shiprocket's shapes; docs/shipping.md says
 * where each comes from): login, serviceability, create, search, AWB, label, pickup and tracking,
 * after the token check and any failure or delay the test asked for.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  COURIERS,
  FAKE_SR_EMAIL,
  FAKE_SR_PASSWORD,
  type FakeParcel,
  type FakeState,
  fakeNow,
  istScan,
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

const byShipment = (state: FakeState, id: unknown) =>
  state.parcels.find((p) => p.shipmentId === Number(Array.isArray(id) ? id[0] : id));

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
    const missing = [
      "order_id",
      "order_date",
      "pickup_location",
      "billing_pincode",
      "billing_phone",
      "order_items",
      "weight",
    ].filter((k) => body[k] === undefined || body[k] === "");
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
    };
    state.parcels.push(parcel);
    return answer(200, {
      order_id: parcel.orderId,
      shipment_id: parcel.shipmentId,
      status: "NEW",
      status_code: 1,
      onboarding_completed_now: 0,
      awb_code: "",
      courier_company_id: "",
      courier_name: "",
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
  if (path === "/courier/assign/awb" && req.method === "POST") {
    const parcel = byShipment(state, body.shipment_id);
    if (!parcel) return send(res, 400, { message: "Invalid shipment id", status_code: 400 });
    if (parcel.awb)
      return answer(200, {
        awb_assign_status: 0,
        response: { data: { awb_assign_error: "AWB is already assigned" } },
      });
    const courier =
      COURIERS.find((c) => c.courier_company_id === Number(body.courier_id)) ?? COURIERS[0]!;
    parcel.awb = `SR${parcel.shipmentId}${courier.courier_company_id}`;
    parcel.courierId = courier.courier_company_id;
    parcel.courierName = courier.courier_name;
    return answer(200, {
      awb_assign_status: 1,
      response: {
        data: {
          courier_company_id: courier.courier_company_id,
          awb_code: parcel.awb,
          courier_name: courier.courier_name,
          shipment_id: parcel.shipmentId,
          applied_weight: Number(parcel.body.weight),
          freight_charges: courier.rate,
        },
      },
    });
  }
  if (path === "/courier/generate/label" && req.method === "POST") {
    const parcel = byShipment(state, body.shipment_id);
    if (!parcel?.awb) return send(res, 400, { message: "AWB not assigned", status_code: 400 });
    parcel.label = true;
    return answer(200, {
      label_created: 1,
      label_url: `https://kr-shipmultichannel.s3.ap-southeast-1.amazonaws.com/label-${parcel.shipmentId}.pdf`,
      response: "Label has been created and uploaded successfully!",
      not_created: [],
    });
  }
  if (path === "/courier/generate/pickup" && req.method === "POST") {
    const parcel = byShipment(state, body.shipment_id);
    if (!parcel?.awb) return send(res, 400, { message: "AWB not assigned", status_code: 400 });
    // Shiprocket refuses a second pickup request for a shipment (docs/shipping.md).
    if (parcel.pickup)
      return send(res, 400, { message: "Already in Pickup Queue.", status_code: 400 });
    parcel.pickup = true;
    return answer(200, {
      pickup_status: 1,
      response: {
        pickup_scheduled_date: istScan(new Date(fakeNow(state) + 24 * 3600_000)),
        pickup_token_number: `Reference No: ${parcel.shipmentId}`,
        status: 3,
        data: "Pickup is scheduled",
      },
    });
  }
  const track = /^\/courier\/track\/awb\/(.+)$/.exec(path);
  if (track && req.method === "GET") {
    const parcel = state.parcels.find((p) => p.awb === decodeURIComponent(track[1]!));
    if (!parcel) return answer(404, { tracking_data: { track_status: 0, error: "Awb not found" } });
    return answer(200, {
      tracking_data: {
        track_status: 1,
        shipment_status: parcel.status?.id ?? 19,
        shipment_track: [
          {
            id: parcel.shipmentId,
            awb_code: parcel.awb,
            courier_name: parcel.courierName,
            current_status: parcel.status?.label ?? "AWB ASSIGNED",
          },
        ],
        shipment_track_activities: [...parcel.scans].reverse(),
        track_url: `https://shiprocket.co/tracking/${parcel.awb}`,
        etd: istScan(new Date(fakeNow(state) + 3 * 24 * 3600_000)),
      },
    });
  }
  return send(res, 404, { message: "Not found", status_code: 404 });
}
