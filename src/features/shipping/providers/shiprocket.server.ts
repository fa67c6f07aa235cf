/**
 * The Shiprocket adapter: plain fetch against its external API (apiv2.shiprocket.in/v1/external,
 * shapes in docs/shipping.md). A login token lives 10 days; it is kept in memory for 9 and fetched
 * again on any 401. Grams become Shiprocket's kilograms and rupees become paise here and nowhere else.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { wireToPaise } from "~/lib/wire-money";
import {
  awbAnswer,
  courierShape,
  createAnswer,
  createOrderBody,
  manifestAnswer,
  orderChargeAnswer,
  searchAnswer,
  trackAnswerSnapshot,
  trackingUrlFor,
} from "./shiprocket-answers";
import {
  type AwbAssignment,
  type CreateParcel,
  type ProviderParcel,
  type Serviceability,
  type ServiceabilityQuery,
  type ShippingProvider,
  ShippingProviderError,
  type TrackingSnapshot,
} from "./provider";

export const SHIPROCKET_BASE = "https://apiv2.shiprocket.in/v1/external";
const TOKEN_LIFE_MS = 9 * 24 * 3600_000;

export interface ShiprocketOptions {
  baseUrl: string;
  email: string;
  password: string;
  /** Per-call timeout for booking calls (default 15 s). */
  timeoutMs?: number;
}

const tokens = new Map<string, { token: string; expiresAt: number }>();

export function forgetShiprocketTokensForTests(): void {
  tokens.clear();
}

export class ShiprocketProvider implements ShippingProvider {
  readonly name = "shiprocket" as const;
  constructor(private readonly options: ShiprocketOptions) {}

  /** Tokens are held per API base and keys (a changed password logs in afresh). */
  private get tokenKey() {
    const keys = createHash("sha256").update(`${this.options.email}\n${this.options.password}`);
    return `${this.options.baseUrl} ${keys.digest("hex")}`;
  }

  private async login(signal?: AbortSignal): Promise<string> {
    const held = tokens.get(this.tokenKey);
    if (held && held.expiresAt > Date.now()) return held.token;
    const answer = await this.send("POST", "/auth/login", undefined, signal, {
      email: this.options.email,
      password: this.options.password,
    });
    const token = z.object({ token: z.string().min(1) }).safeParse(answer.body);
    if (!answer.ok || !token.success)
      throw new ShippingProviderError(
        `Shiprocket refused the login (${answer.status}): check the API user's email and password in Settings.`,
        answer.status,
      );
    tokens.set(this.tokenKey, { token: token.data.token, expiresAt: Date.now() + TOKEN_LIFE_MS });
    return token.data.token;
  }

  private async send(
    method: "GET" | "POST",
    path: string,
    token: string | undefined,
    signal: AbortSignal | undefined,
    body?: unknown,
  ): Promise<{ ok: boolean; status: number; body: unknown }> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 15_000);
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      const timedOut = error instanceof Error && /abort|timeout/i.test(error.name);
      throw new ShippingProviderError(
        timedOut ? "Shiprocket did not answer in time." : "Shiprocket could not be reached.",
        undefined,
        timedOut,
      );
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { ok: response.ok, status: response.status, body: parsed };
  }

  /** One authorised call; a 401 (token expired or revoked) logs in again and tries once more. */
  private async call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<{ ok: boolean; status: number; body: unknown }> {
    let answer = await this.send(method, path, await this.login(signal), signal, body);
    if (answer.status === 401) {
      tokens.delete(this.tokenKey);
      answer = await this.send(method, path, await this.login(signal), signal, body);
    }
    return answer;
  }

  private refused(what: string, answer: { status: number; body: unknown }): never {
    const message = (answer.body as { message?: unknown } | null)?.message;
    throw new ShippingProviderError(
      `Shiprocket refused to ${what} (${answer.status}${typeof message === "string" ? `: ${message}` : ""}).`,
      answer.status,
    );
  }

  async serviceability(q: ServiceabilityQuery): Promise<Serviceability> {
    const query = new URLSearchParams({
      pickup_postcode: q.pickupPin,
      delivery_postcode: q.deliveryPin,
      weight: String(Math.max(q.weightGrams, 1) / 1000),
      cod: "0",
    });
    const answer = await this.call("GET", `/courier/serviceability/?${query}`, undefined, q.signal);
    if (answer.status === 404) return { deliverable: false, couriers: [] };
    if (!answer.ok) this.refused("check the PIN code", answer);
    const shape = z.object({
      data: z.object({ available_courier_companies: z.array(courierShape).default([]) }),
    });
    const parsed = shape.safeParse(answer.body);
    if (!parsed.success) throw new ShippingProviderError("Shiprocket's answer was not understood.");
    const couriers = parsed.data.data.available_courier_companies
      .map((c) => ({
        courierId: c.courier_company_id,
        courierName: c.courier_name,
        transitDays: Number.isFinite(c.estimated_delivery_days) ? c.estimated_delivery_days! : 7,
        ratePaise: wireToPaise(Math.round(c.rate * 100) / 100),
      }))
      .sort((a, b) => a.ratePaise - b.ratePaise);
    return { deliverable: couriers.length > 0, couriers };
  }

  async createParcel(p: CreateParcel): Promise<ProviderParcel> {
    const answer = await this.call("POST", "/orders/create/adhoc", createOrderBody(p));
    if (!answer.ok) this.refused("create the shipment", answer);
    const parsed = createAnswer.safeParse(answer.body);
    if (!parsed.success) throw new ShippingProviderError("Shiprocket's answer was not understood.");
    return {
      providerOrderId: parsed.data.order_id,
      providerShipmentId: parsed.data.shipment_id,
      awb: parsed.data.awb_code,
      courierId: "",
      courierName: parsed.data.courier_name,
    };
  }

  async findParcel(shipmentId: string): Promise<ProviderParcel | null> {
    const answer = await this.call("GET", `/orders?search=${encodeURIComponent(shipmentId)}`);
    if (answer.status === 404) return null;
    if (!answer.ok) this.refused("look the shipment up", answer);
    const parsed = searchAnswer.safeParse(answer.body);
    if (!parsed.success) throw new ShippingProviderError("Shiprocket's answer was not understood.");
    const found = parsed.data.data.find((o) => o.channel_order_id === shipmentId);
    const shipment = found?.shipments[0];
    if (!found || !shipment) return null;
    return {
      providerOrderId: found.id,
      providerShipmentId: shipment.id,
      awb: shipment.awb,
      courierId: "",
      courierName: shipment.courier,
    };
  }

  async assignAwb(providerShipmentId: string, courierId: string): Promise<AwbAssignment> {
    const answer = await this.call("POST", "/courier/assign/awb", {
      shipment_id: Number(providerShipmentId),
      courier_id: Number(courierId),
    });
    if (!answer.ok) this.refused("assign the AWB", answer);
    const parsed = awbAnswer.safeParse(answer.body);
    if (!parsed.success) throw new ShippingProviderError("Shiprocket's answer was not understood.");
    const data = parsed.data.response.data;
    if (parsed.data.awb_assign_status !== 1 || !data.awb_code)
      throw new ShippingProviderError(
        `Shiprocket did not assign an AWB${data.awb_assign_error ? `: ${data.awb_assign_error}` : "."}`,
      );
    // The documented answer carries no charge: charge() reads it once Shiprocket has it.
    return {
      awb: data.awb_code,
      courierId: data.courier_company_id ?? courierId,
      courierName: data.courier_name ?? "",
      costPaise: 0,
    };
  }

  async label(providerShipmentId: string): Promise<string> {
    const answer = await this.call("POST", "/courier/generate/label", {
      shipment_id: [Number(providerShipmentId)],
    });
    if (!answer.ok) this.refused("make the label", answer);
    const parsed = z.object({ label_url: z.string().min(1) }).safeParse(answer.body);
    if (!parsed.success) throw new ShippingProviderError("Shiprocket made no label.");
    return parsed.data.label_url;
  }

  async pickup(providerShipmentId: string): Promise<string> {
    const answer = await this.call("POST", "/courier/generate/pickup", {
      shipment_id: [Number(providerShipmentId)],
    });
    // Already requested (a retry after a lost answer): 400 "Already in Pickup Queue.", so it is done.
    if (answer.status === 400 && /already in pickup queue/i.test(JSON.stringify(answer.body)))
      return "";
    if (!answer.ok) this.refused("request the pickup", answer);
    const parsed = z
      .object({ response: z.object({ pickup_scheduled_date: z.string().nullish() }) })
      .safeParse(answer.body);
    if (!parsed.success) throw new ShippingProviderError("Shiprocket's answer was not understood.");
    return parsed.data.response.pickup_scheduled_date ?? "";
  }

  /** Generate Manifest after the pickup request; a manifest made before is printed instead. */
  async manifest(providerShipmentId: string, providerOrderId: string): Promise<string> {
    const made = await this.call("POST", "/manifests/generate", {
      shipment_id: [Number(providerShipmentId)],
    });
    const url = manifestAnswer.safeParse(made.body).data?.manifest_url;
    if (made.ok && url) return url;
    if (made.ok || !/already/i.test(JSON.stringify(made.body)))
      this.refused("make the manifest", made);
    const printed = await this.call("POST", "/manifests/print", {
      order_ids: [Number(providerOrderId)],
    });
    const again = manifestAnswer.safeParse(printed.body).data?.manifest_url;
    if (!printed.ok || !again) this.refused("print the manifest", printed);
    return again;
  }

  /** The courier's charge from the order's details (awb_data.charges.freight_charges). */
  async charge(providerOrderId: string): Promise<number | null> {
    const answer = await this.call("GET", `/orders/show/${encodeURIComponent(providerOrderId)}`);
    if (!answer.ok) this.refused("show the order", answer);
    const rupees = orderChargeAnswer.safeParse(answer.body).data?.data.awb_data?.charges
      ?.freight_charges;
    return rupees && rupees > 0 ? wireToPaise(Math.round(rupees * 100) / 100) : null;
  }

  async track(awb: string): Promise<TrackingSnapshot | null> {
    const answer = await this.call("GET", `/courier/track/awb/${encodeURIComponent(awb)}`);
    if (answer.status === 404) return null;
    if (!answer.ok) this.refused("track the parcel", answer);
    return trackAnswerSnapshot(awb, answer.body);
  }

  trackingUrl(awb: string): string {
    return trackingUrlFor(awb);
  }
}
