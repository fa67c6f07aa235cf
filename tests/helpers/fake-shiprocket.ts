/**
 * A local fake of Shiprocket's external API (apiv2.shiprocket.in/v1/external; the shapes and where
 * each comes from are in docs/shipping.md) for integration and e2e tests: POST /auth/login (a token
 * valid 10 days), GET /courier/serviceability/, POST /orders/create/adhoc, GET /orders?search=,
 * POST /courier/assign/awb, POST /courier/generate/label, POST /courier/generate/pickup, GET
 * /courier/track/awb/{awb}; and the webhook Shiprocket sends (x-api-key header, body with awb,
 * current_status, shipment_status_id, etd, scans[]). Controls make failures happen on demand: a slow
 * answer, a refusal, a create that succeeds but answers 500, tokens that expire. It binds 127.0.0.1
 * on a port of FAKE_SHIPROCKET_PORT, else the first free one from 31400.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export const FAKE_SR_EMAIL = "api-user@resintales.example";
export const FAKE_SR_PASSWORD = "fake-api-password";
const TOKEN_LIFE_MS = 10 * 24 * 3600_000;

/** Shiprocket's published shipment status codes used by the fake. */
export const SR_STATUS = {
  PICKED_UP: { id: 42, label: "PICKED UP" },
  IN_TRANSIT: { id: 18, label: "IN TRANSIT" },
  OUT_FOR_DELIVERY: { id: 17, label: "OUT FOR DELIVERY" },
  DELIVERED: { id: 7, label: "DELIVERED" },
  RTO_INITIATED: { id: 9, label: "RTO INITIATED" },
  LOST: { id: 12, label: "LOST" },
} as const;
export type SrStatus = (typeof SR_STATUS)[keyof typeof SR_STATUS];

interface Scan {
  date: string;
  status: string;
  activity: string;
  location: string;
  "sr-status": string;
  "sr-status-label": string;
}

interface FakeParcel {
  orderId: number;
  shipmentId: number;
  channelOrderId: string;
  body: Record<string, unknown>;
  awb: string;
  courierId: number;
  courierName: string;
  status: SrStatus | null;
  scans: Scan[];
  label: boolean;
  pickup: boolean;
}

interface Failure {
  status: number;
  body: unknown;
  /** Do the work, then answer the failure (a create whose answer was lost). */
  afterWork?: boolean;
}

export const COURIERS = [
  {
    courier_company_id: 10,
    courier_name: "Delhivery Surface",
    rate: 95.5,
    estimated_delivery_days: "5",
  },
  {
    courier_company_id: 24,
    courier_name: "Xpressbees Air",
    rate: 142,
    estimated_delivery_days: "3",
  },
  {
    courier_company_id: 33,
    courier_name: "Blue Dart Air",
    rate: 188.75,
    estimated_delivery_days: "2",
  },
];

/** India time as Shiprocket writes it: "2026-11-25 14:03:00", or the webhook's "25 11 2026 14:03:00". */
function istParts(at: Date) {
  const t = new Date(at.getTime() + 330 * 60_000).toISOString();
  return { ymd: t.slice(0, 10), hms: t.slice(11, 19) };
}
const istScan = (at: Date) => `${istParts(at).ymd} ${istParts(at).hms}`;
const istWebhook = (at: Date) => {
  const { ymd, hms } = istParts(at);
  return `${ymd.slice(8, 10)} ${ymd.slice(5, 7)} ${ymd.slice(0, 4)} ${hms}`;
};

export interface FakeShiprocket {
  url: string;
  port: number;
  /** Every request: method, path (with query) and the bearer token it carried. */
  requests: { method: string; path: string; token: string }[];
  parcels: FakeParcel[];
  /** PINs no courier serves (serviceability answers 404). */
  unserviceable: Set<string>;
  /** Answers of the next matching calls (path prefix, e.g. "/courier/serviceability"). */
  failNext(pathPrefix: string, failure: Failure, times?: number): void;
  /** Delays answers on a path prefix by ms (until cleared with 0). */
  slow(pathPrefix: string, ms: number): void;
  /** Moves the fake's clock (tokens expire after 10 days). */
  advance(ms: number): void;
  /** Makes every issued token stale at once (a 401 on the next call). */
  expireTokens(): void;
  logins(): number;
  /** The parcel moves on: a scan is added; returns the webhook body Shiprocket would send. */
  move(awb: string, status: SrStatus, at?: Date): Record<string, unknown>;
  /** Posts a webhook body to the shop with the x-api-key header, as Shiprocket does. */
  sendWebhook(url: string, apiKey: string, body: unknown): Promise<Response>;
  reset(): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeShiprocket(): Promise<FakeShiprocket> {
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;
  const tokens = new Map<string, number>();
  let loginCount = 0;
  let nextId = 1000;
  const failures: { prefix: string; failure: Failure; times: number }[] = [];
  const delays = new Map<string, number>();
  const fake = {
    requests: [] as FakeShiprocket["requests"],
    parcels: [] as FakeParcel[],
    unserviceable: new Set<string>(),
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const byShipment = (id: unknown) =>
    fake.parcels.find((p) => p.shipmentId === Number(Array.isArray(id) ? id[0] : id));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname.replace(/^\/v1\/external/, "");
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    fake.requests.push({ method: req.method ?? "", path: path + url.search, token: auth });
    const raw = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return send(res, 400, { message: "Malformed JSON", status_code: 400 });
    }
    const delay = [...delays].find(([prefix]) => path.startsWith(prefix))?.[1] ?? 0;
    if (delay) await new Promise((r) => setTimeout(r, delay));
    const failIndex = failures.findIndex((f) => path.startsWith(f.prefix) && f.times > 0);
    const failure = failIndex >= 0 ? failures[failIndex]!.failure : null;
    if (failure) {
      failures[failIndex]!.times--;
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
      loginCount++;
      const token = `sr-token-${loginCount}-${Math.random().toString(36).slice(2)}`;
      tokens.set(token, now() + TOKEN_LIFE_MS);
      return answer(200, {
        id: 1,
        first_name: "API",
        last_name: "User",
        email: FAKE_SR_EMAIL,
        company_id: 4242,
        token,
      });
    }
    const expires = tokens.get(auth);
    if (!expires) return send(res, 401, { message: "Unauthenticated.", status_code: 401 });
    if (expires <= now()) return send(res, 401, { message: "Token has expired", status_code: 401 });

    if (path === "/courier/serviceability/" && req.method === "GET") {
      const pickup = url.searchParams.get("pickup_postcode") ?? "";
      const delivery = url.searchParams.get("delivery_postcode") ?? "";
      const weight = Number(url.searchParams.get("weight"));
      if (!/^\d{6}$/.test(pickup) || !/^\d{6}$/.test(delivery) || !(weight > 0))
        return send(res, 422, { message: "Oops! Invalid Data.", status_code: 422, errors: {} });
      if (fake.unserviceable.has(delivery))
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
        orderId: nextId++,
        shipmentId: nextId++,
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
      fake.parcels.push(parcel);
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
      const found = fake.parcels.filter((p) => p.channelOrderId === search);
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
      const parcel = byShipment(body.shipment_id);
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
      const parcel = byShipment(body.shipment_id);
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
      const parcel = byShipment(body.shipment_id);
      if (!parcel?.awb) return send(res, 400, { message: "AWB not assigned", status_code: 400 });
      // Shiprocket refuses a second pickup request for a shipment (docs/shipping.md).
      if (parcel.pickup)
        return send(res, 400, { message: "Already in Pickup Queue.", status_code: 400 });
      parcel.pickup = true;
      return answer(200, {
        pickup_status: 1,
        response: {
          pickup_scheduled_date: istScan(new Date(now() + 24 * 3600_000)),
          pickup_token_number: `Reference No: ${parcel.shipmentId}`,
          status: 3,
          data: "Pickup is scheduled",
        },
      });
    }
    const track = /^\/courier\/track\/awb\/(.+)$/.exec(path);
    if (track && req.method === "GET") {
      const parcel = fake.parcels.find((p) => p.awb === decodeURIComponent(track[1]!));
      if (!parcel)
        return answer(404, { tracking_data: { track_status: 0, error: "Awb not found" } });
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
          etd: istScan(new Date(now() + 3 * 24 * 3600_000)),
        },
      });
    }
    return send(res, 404, { message: "Not found", status_code: 404 });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => send(res, 500, { message: String(error) }));
  });
  const wanted = Number(process.env.FAKE_SHIPROCKET_PORT) || 0;
  let port = 0;
  for (const candidate of wanted ? [wanted] : Array.from({ length: 50 }, (_, i) => 31400 + i)) {
    const ok = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(candidate, "127.0.0.1", () => resolve(true));
    });
    if (ok) {
      port = candidate;
      break;
    }
  }
  if (!port) throw new Error("fake-shiprocket: no free port in 31400-31449");

  return {
    url: `http://127.0.0.1:${port}/v1/external`,
    port,
    get requests() {
      return fake.requests;
    },
    get parcels() {
      return fake.parcels;
    },
    unserviceable: fake.unserviceable,
    failNext(prefix, failure, times = 1) {
      failures.push({ prefix, failure, times });
    },
    slow(prefix, ms) {
      if (ms) delays.set(prefix, ms);
      else delays.delete(prefix);
    },
    advance(ms) {
      clockOffset += ms;
    },
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    logins: () => loginCount,
    move(awb, status, at = new Date(now())) {
      const parcel = fake.parcels.find((p) => p.awb === awb);
      if (!parcel) throw new Error(`fake-shiprocket: no parcel with AWB ${awb}`);
      parcel.status = status;
      parcel.scans.push({
        date: istScan(at),
        status: `X-${status.id}`,
        activity: `${status.label[0]}${status.label.slice(1).toLowerCase()}`,
        location:
          status === SR_STATUS.DELIVERED ? "Bengaluru (Karnataka)" : "Jaipur Hub (Rajasthan)",
        "sr-status": String(status.id),
        "sr-status-label": status.label,
      });
      return {
        awb: parcel.awb,
        courier_name: parcel.courierName,
        current_status: status.label,
        current_status_id: status.id,
        shipment_status: status.label,
        shipment_status_id: status.id,
        current_timestamp: istWebhook(at),
        order_id: `${parcel.orderId}_${parcel.channelOrderId}`,
        sr_order_id: parcel.orderId,
        awb_assigned_date: istScan(at),
        pickup_scheduled_date: istScan(at),
        etd: istScan(new Date(at.getTime() + 3 * 24 * 3600_000)),
        scans: [...parcel.scans],
        is_return: 0,
        channel_id: 4242,
        pod_status: "",
        pod: "Not Available",
      };
    },
    sendWebhook(url, apiKey, body) {
      return fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": apiKey },
        body: JSON.stringify(body),
      });
    },
    reset() {
      fake.requests.length = 0;
      fake.parcels.length = 0;
      fake.unserviceable.clear();
      failures.length = 0;
      delays.clear();
      clockOffset = 0;
      loginCount = 0;
      tokens.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
