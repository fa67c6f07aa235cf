/**
 * Delivery estimates before buying (docs/shipping.md, decision 0108): the promised dispatch date
 * (payment + the slowest product's processing days, decision 0046) plus the courier's days in
 * transit from the provider's serviceability answer (manual: the owner's zone table). Answers are
 * cached per provider, pickup PIN, delivery PIN and half-kilo weight band for 6 hours; a provider
 * that does not answer within 3 s (SHIPPING_ESTIMATE_TIMEOUT_MS) gives the estimate without the
 * courier's part, saying so, and never stops a checkout.
 */
import type { DbOrTx } from "~/server/db/client";
import { HttpError } from "~/server/http";
import { log } from "~/server/log/logger";
import { isPinCode } from "~/lib/address";
import { readSection } from "~/features/settings/settings-store.server";
import { shippingProviderFor } from "./providers/index.server";
import type { Serviceability } from "./providers/provider";
import { shippingSection, type ShippingSettings } from "./shipping-settings";
import { pickCourier } from "./courier-choice";
import { type EstimateJson, NOT_DELIVERED, PIN_NEEDED } from "./shipping";
import { addDaysTo } from "~/lib/dates";

const CACHE_MS = 6 * 3600_000;
const CACHE_MAX = 5_000;
const cache = new Map<string, { at: number; answer: Serviceability }>();

export function forgetEstimatesForTests(): void {
  cache.clear();
}

/** 0-500 g is band 1, 501-1000 g band 2, ... (Shiprocket rates by the half kilo). */
export const weightBand = (grams: number) => Math.max(1, Math.ceil(grams / 500));

const timeoutMs = () => Number(process.env.SHIPPING_ESTIMATE_TIMEOUT_MS) || 3_000;

/** The provider's answer for a PIN (cached), or null when it did not answer in time or failed. */
export async function serviceabilityFor(
  settings: ShippingSettings,
  pin: string,
  weightGrams: number,
  now = Date.now(),
): Promise<Serviceability | null> {
  const key = `${settings.provider}:${settings.pickup.pin}:${pin}:${weightBand(weightGrams)}`;
  const held = cache.get(key);
  if (held && now - held.at < CACHE_MS) return held.answer;
  try {
    const answer = await shippingProviderFor(settings).serviceability({
      pickupPin: settings.pickup.pin,
      deliveryPin: pin,
      weightGrams: weightBand(weightGrams) * 500,
      signal: AbortSignal.timeout(timeoutMs()),
    });
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: now, answer });
    return answer;
  } catch (error) {
    // No answer (timed out, refused with a 4xx/5xx, not understood): the estimate goes on without
    // the courier's part and says so (decision 0108); nothing is cached, so the next ask tries again.
    log.warn(
      `[shipping] serviceability for PIN ${pin} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return null;
  }
}

/** deliverable false: not delivered to; null: the provider did not answer (unknown). */
export type DeliveryEstimate = EstimateJson;

export async function deliveryEstimate(
  db: DbOrTx,
  input: { pin: string; weightGrams: number; dispatchDays: number },
  now = new Date(),
): Promise<DeliveryEstimate> {
  if (!isPinCode(input.pin)) throw new HttpError(400, PIN_NEEDED);
  const { value: settings } = await readSection(db, shippingSection);
  const answer = await serviceabilityFor(settings, input.pin, input.weightGrams, now.getTime());
  const dispatchBy = addDaysTo(now, input.dispatchDays);
  const base = { pin: input.pin, dispatchBy: dispatchBy.toISOString() };
  if (!answer)
    return { ...base, deliverable: null, deliverBy: null, transitDays: null, courierPart: false };
  if (!answer.deliverable)
    return { ...base, deliverable: false, deliverBy: null, transitDays: null, courierPart: false };
  const courier = pickCourier(answer.couriers, settings.courierChoice) ?? answer.couriers[0];
  const days = courier?.transitDays ?? null;
  return {
    ...base,
    deliverable: true,
    transitDays: days,
    deliverBy: days === null ? null : addDaysTo(dispatchBy, days).toISOString(),
    courierPart: days !== null,
  };
}

/** The grams of a cart's lines. */
export const totalWeightGrams = (lines: readonly { quantity: number; weightGrams: number }[]) =>
  lines.reduce((sum, l) => sum + l.quantity * l.weightGrams, 0);

/** Checkout's server-side stop: a PIN the provider says is not delivered to is a 400. */
export async function refuseUndeliverable(
  db: DbOrTx,
  pin: string,
  weightGrams: number,
): Promise<void> {
  if (!isPinCode(pin)) return;
  const { value: settings } = await readSection(db, shippingSection);
  const answer = await serviceabilityFor(settings, pin, weightGrams);
  if (answer && !answer.deliverable) throw new HttpError(400, NOT_DELIVERED(pin));
}

/**
 * The courier's days in transit to a PIN for a parcel of this weight (the provider's answer, or the
 * owner's zone table with `manual`), or null when it does not answer or does not deliver there.
 * The needed-by check (docs/decisions/0122-capacity-and-needed-by.md) counts with it.
 */
export async function courierTransitDays(
  db: DbOrTx,
  pin: string,
  weightGrams = 500,
): Promise<number | null> {
  if (!isPinCode(pin)) return null;
  const { value: settings } = await readSection(db, shippingSection);
  const answer = await serviceabilityFor(settings, pin, weightGrams);
  if (!answer?.deliverable) return null;
  const courier = pickCourier(answer.couriers, settings.courierChoice) ?? answer.couriers[0];
  return courier?.transitDays ?? null;
}
