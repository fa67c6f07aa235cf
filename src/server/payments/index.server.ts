/** The active payment provider (PAYMENT_PROVIDER), built once; tests may replace it. */
import { getDb } from "~/server/db/client";
import { CashfreeProvider } from "./cashfree.server";
import { paymentConfig } from "./config.server";
import { LocalProvider } from "./local.server";
import type { PaymentProvider, ProviderName } from "./provider";

let active: PaymentProvider | undefined;

export function paymentProvider(): PaymentProvider {
  if (active) return active;
  const config = paymentConfig();
  active =
    config.provider === "local"
      ? new LocalProvider(getDb, config.localSecret)
      : new CashfreeProvider(config.cashfree);
  return active;
}

/** The active provider when `name` names it (the route's {provider}); null otherwise (a 404). */
export function providerNamed(name: string | undefined): PaymentProvider | null {
  const provider = paymentProvider();
  return provider.name === (name as ProviderName) ? provider : null;
}

export function setPaymentProviderForTests(provider: PaymentProvider | undefined): void {
  active = provider;
}
