/**
 * The manual provider (the default, decision 0105): today's way of shipping. The owner books the
 * parcel with a courier herself and types the courier, AWB, tracking link and cost into the portal;
 * she marks it picked up and delivered there. Delivery estimates come from her zone table.
 */
import type { ShippingZone } from "~/features/shipping/shipping-settings";
import {
  type Serviceability,
  type ServiceabilityQuery,
  type ShippingProvider,
  ShippingProviderError,
} from "./provider";

/** The zone of a PIN: the row with the longest prefix that starts it; null when none does. */
export function zoneFor(zones: readonly ShippingZone[], pin: string): ShippingZone | null {
  let best: { zone: ShippingZone; length: number } | null = null;
  for (const zone of zones)
    for (const prefix of zone.prefixes.split(/[ ,]+/).filter(Boolean))
      if (pin.startsWith(prefix) && (!best || prefix.length > best.length))
        best = { zone, length: prefix.length };
  return best?.zone ?? null;
}

const byHand = () => {
  throw new ShippingProviderError("With manual shipping the studio books the courier itself.");
};

export class ManualProvider implements ShippingProvider {
  readonly name = "manual" as const;
  constructor(private readonly zones: readonly ShippingZone[]) {}

  async serviceability(q: ServiceabilityQuery): Promise<Serviceability> {
    const zone = zoneFor(this.zones, q.deliveryPin);
    if (!zone) return { deliverable: false, couriers: [] };
    return {
      deliverable: true,
      couriers: [{ courierId: "", courierName: "", transitDays: zone.days, ratePaise: 0 }],
    };
  }

  createParcel = byHand;
  findParcel = async () => null;
  assignAwb = byHand;
  label = byHand;
  pickup = byHand;
  manifest = async () => "";
  charge = async () => null;
  track = async () => null;
  trackingUrl = () => "";
}
