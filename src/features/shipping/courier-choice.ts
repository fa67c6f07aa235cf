/** Which courier the shop takes from a serviceability answer (docs/shipping.md): pure. */
import type { CourierOption } from "./providers/provider";

export function pickCourier(couriers: CourierOption[], choice: string): CourierOption | undefined {
  if (choice === "fastest")
    return [...couriers].sort(
      (a, b) => a.transitDays - b.transitDays || a.ratePaise - b.ratePaise,
    )[0];
  if (choice === "cheapest") return [...couriers].sort((a, b) => a.ratePaise - b.ratePaise)[0];
  return couriers.find((c) => c.courierId === choice);
}
