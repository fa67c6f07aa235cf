/**
 * POST /v2/parcel-events: Shiprocket's tracking webhook (docs/shipping.md, decision 0107). It signs
 * nothing, so the shop checks the token the owner configured on both sides (`x-api-key`), compared
 * in constant time; a wrong or missing token is a 401 and changes nothing. Every event is stored
 * once; a repeat answers 200 (so Shiprocket stops sending it).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { APIContext } from "astro";
import { getDb } from "../../server/db/client";
import { errorResponse, json, parseJsonBody, readBodyText } from "../../server/http";
import { readSection } from "../settings/settings-store.server";
import type { DispatchHolds } from "./dispatch-rule";
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
  const snapshot = shiprocketSnapshot(parseJsonBody(text));
  if (!snapshot)
    return errorResponse(
      400,
      "The body needs awb, current_status, shipment_status_id and current_timestamp.",
    );
  const outcome = await applyTracking(db, snapshot, "webhook", holds);
  return json({ ok: true, outcome });
}
