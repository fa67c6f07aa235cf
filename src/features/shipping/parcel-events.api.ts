/**
 * POST /v2/parcel-events: Shiprocket's tracking webhook (docs/shipping.md, decision 0107). It signs
 * nothing, so the shop checks the token the owner configured on both sides (`x-api-key`), compared
 * in constant time; a wrong or missing token is a 401 and changes nothing. Every authenticated call
 * answers 200 and is stored once, whatever its status code (decision 0185); a repeat answers 200
 * (so Shiprocket stops sending it).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { APIContext } from "astro";
import { getDb } from "~/server/db/client";
import { errorResponse, json, parseJsonBody, readBodyText } from "~/server/http";
import { log } from "~/server/log/logger";
import { readSection } from "~/features/settings/settings-store.server";
import type { DispatchHolds } from "./dispatch-rule";
import type { TrackingSnapshot } from "./providers/provider";
import { shiprocketSnapshot } from "./providers/shiprocket-shapes";
import { shippingSection } from "./shipping-settings";
import { applyTracking } from "./tracking.server";

/** Equal tokens, compared in constant time (both hashed first, so lengths never leak). */
export function sameToken(given: string, expected: string): boolean {
  if (!expected) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** `holds`: the dispatch rule, handed in by the route (dispatch-rule.ts). */
export async function postParcelEvent(
  context: APIContext,
  holds: DispatchHolds,
): Promise<Response> {
  const db = await getDb();
  const { value: settings } = await readSection(db, shippingSection);
  const given = context.request.headers.get("x-api-key") ?? "";
  if (settings.provider !== "shiprocket" || !sameToken(given, settings.shiprocket.webhookToken))
    return errorResponse(401, "The x-api-key header does not match the webhook token in Settings.");
  const text = await readBodyText(context.request, 256 * 1024);
  let body: unknown;
  try {
    body = parseJsonBody(text);
  } catch {
    body = undefined; // not JSON (or with NUL characters): kept as text below
  }
  // Shiprocket only wants a 200: whatever an authenticated call says is kept (decision 0185).
  const snapshot = shiprocketSnapshot(body) ?? unreadable(text, body);
  const outcome = await applyTracking(db, snapshot, "webhook", holds);
  return json({ ok: true, outcome });
}

/** A body without an AWB: kept as an event of no shipment, once (keyed by its bytes). */
function unreadable(text: string, body: unknown): TrackingSnapshot {
  const key = createHash("sha256").update(text).digest("hex");
  log.warn("[shipping] a parcel-events call without an AWB was kept as an event of no shipment");
  return {
    awb: "",
    status: null,
    alert: "unknown",
    providerStatus: "",
    statusCode: "",
    eventKey: `unreadable:${key}`,
    at: new Date(),
    etd: "",
    scans: [],
    trackingUrl: "",
    courierName: "",
    raw:
      body && typeof body === "object"
        ? body
        : { text: text.replaceAll("\u0000", "").slice(0, 20_000) },
  };
}
