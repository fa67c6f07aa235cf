/**
 * A local fake of Shiprocket's external API (apiv2.shiprocket.in/v1/external) for integration and
 * e2e tests, rebuilt from Shiprocket's published documentation and examples (sources listed in
 * ./fake-shiprocket-shapes.ts and docs/shipping.md), never from the shop's code: POST /auth/login
 * (a token valid 10 days), GET /courier/serviceability/, POST /orders/create/adhoc (every required
 * field checked; answers awb_code null), GET /orders?search=, POST /courier/assign/awb (no charge
 * in the answer), POST /courier/generate/label, POST /courier/generate/pickup, POST
 * /manifests/generate and /manifests/print, GET /orders/show/{id} (the courier's charge), GET
 * /courier/track/awb/{awb}; and the webhook Shiprocket sends (x-api-key header, the documented
 * body, any code of the published table or another). Controls make failures happen on demand: a
 * slow answer, a refusal, a create that succeeds but answers 500, tokens that expire, a charge
 * billed later. It binds 127.0.0.1 on FAKE_SHIPROCKET_PORT, else the first free port from 31400.
 * The answers are in ./fake-shiprocket-api.ts and ./fake-shiprocket-booking.ts.
 */
import { createServer } from "node:http";
import { answerShiprocket, send } from "./fake-shiprocket-api";
import {
  type FakeParcel,
  type Failure,
  fakeNow,
  moveParcel,
  newFakeState,
  type SrStatus,
} from "./fake-shiprocket-shapes";

export {
  COURIERS,
  FAKE_SR_EMAIL,
  FAKE_SR_PASSWORD,
  SR_CODES,
  SR_STATUS,
  type SrStatus,
} from "./fake-shiprocket-shapes";

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
  /**
   * The parcel moves on: a scan is added; returns the webhook body Shiprocket would send (`current`:
   * another current_status_id than the shipment's, as the documented sample has).
   */
  move(awb: string, status: SrStatus, at?: Date, current?: SrStatus): Record<string, unknown>;
  /** New AWBs wait for their charge (freight_charges "") until `bill`. */
  chargeLater(): void;
  /** The courier bills the parcel (rupees): Get Specific Order Details shows it from now on. */
  bill(awb: string, rupees: number): void;
  /** Posts a webhook body to the shop with the x-api-key header, as Shiprocket does. */
  sendWebhook(url: string, apiKey: string, body: unknown): Promise<Response>;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeShiprocket(): Promise<FakeShiprocket> {
  const state = newFakeState();
  const server = createServer((req, res) => {
    answerShiprocket(state, req, res).catch((error) => send(res, 500, { message: String(error) }));
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
      return state.requests;
    },
    get parcels() {
      return state.parcels;
    },
    unserviceable: state.unserviceable,
    failNext(prefix, failure, times = 1) {
      state.failures.push({ prefix, failure, times });
    },
    slow(prefix, ms) {
      if (ms) state.delays.set(prefix, ms);
      else state.delays.delete(prefix);
    },
    advance(ms) {
      state.clockOffset += ms;
    },
    expireTokens() {
      for (const token of state.tokens.keys()) state.tokens.set(token, 0);
    },
    logins: () => state.loginCount,
    move(awb, status, at = new Date(fakeNow(state)), current = status) {
      const parcel = state.parcels.find((p) => p.awb === awb);
      if (!parcel) throw new Error(`fake-shiprocket: no parcel with AWB ${awb}`);
      return moveParcel(parcel, status, at, current);
    },
    chargeLater() {
      state.chargesLater = true;
    },
    bill(awb, rupees) {
      const parcel = state.parcels.find((p) => p.awb === awb);
      if (!parcel) throw new Error(`fake-shiprocket: no parcel with AWB ${awb}`);
      parcel.freight = rupees.toFixed(2);
    },
    sendWebhook(url, apiKey, body) {
      return fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": apiKey },
        body: JSON.stringify(body),
      });
    },
    reset() {
      state.requests.length = 0;
      state.parcels.length = 0;
      state.unserviceable.clear();
      state.failures.length = 0;
      state.delays.clear();
      state.clockOffset = 0;
      state.loginCount = 0;
      state.tokens.clear();
      state.chargesLater = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
