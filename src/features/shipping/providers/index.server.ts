/**
 * The shipping provider of the moment, from the `shipping` settings section (decision 0106): the
 * owner switches in the portal, no restart. SHIPROCKET_BASE_URL overrides the API base (tests point
 * it at tests/helpers/fake-shiprocket.ts) and SHIPROCKET_TIMEOUT_MS the booking calls' timeout
 * (default 15 s). Tests may replace the provider whole.
 */
import type { ShippingSettings } from "~/features/shipping/shipping-settings";
import { ManualProvider } from "./manual.server";
import type { ShippingProvider } from "./provider";
import { SHIPROCKET_BASE, ShiprocketProvider } from "./shiprocket.server";

let replaced: ShippingProvider | undefined;

export function shippingProviderFor(settings: ShippingSettings): ShippingProvider {
  if (replaced) return replaced;
  if (settings.provider === "manual") return new ManualProvider(settings.zones);
  return new ShiprocketProvider({
    baseUrl: (process.env.SHIPROCKET_BASE_URL?.trim() || SHIPROCKET_BASE).replace(/\/+$/, ""),
    email: settings.shiprocket.email,
    password: settings.shiprocket.password,
    timeoutMs: Number(process.env.SHIPROCKET_TIMEOUT_MS) || undefined,
  });
}

export function setShippingProviderForTests(provider: ShippingProvider | undefined): void {
  replaced = provider;
}
