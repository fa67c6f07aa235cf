/**
 * Payment settings from the environment, parsed once with zod (docs/decisions/0014).
 *
 *   PAYMENT_PROVIDER       local | cashfree (default: local in demo mode, cashfree otherwise);
 *                          local is refused outside demo mode
 *   CASHFREE_CLIENT_ID     required with cashfree
 *   CASHFREE_CLIENT_SECRET required with cashfree (also keys the webhook signature)
 *   CASHFREE_ENV           sandbox | production (default sandbox)
 *   CASHFREE_BASE_URL      overrides the API base (tests point it at a fake server)
 *   ORDER_EXPIRY_MINUTES   how long a payment order lives (default 30)
 *   LOCAL_PAYMENT_SECRET   signs the local provider's webhooks (default: a fixed demo value)
 *   LOCAL_REFUND_DELAY_MS  how long a local refund stays pending (default 3000; local.server.ts)
 */
import { z } from "zod";
import { env } from "~/server/env";

const optional = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

const schema = z.object({
  PAYMENT_PROVIDER: z
    .enum(["local", "cashfree", ""])
    .optional()
    .transform((v) => (v ? v : undefined)),
  CASHFREE_CLIENT_ID: optional,
  CASHFREE_CLIENT_SECRET: optional,
  CASHFREE_ENV: z.enum(["sandbox", "production"]).default("sandbox"),
  CASHFREE_BASE_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ORDER_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  LOCAL_PAYMENT_SECRET: z
    .string()
    .optional()
    .transform((v) => (v ? v : "local-demo-webhook-secret")),
});

export interface PaymentConfig {
  provider: "local" | "cashfree";
  mode: "sandbox" | "production";
  cashfree: { clientId: string; clientSecret: string; baseUrl: string };
  localSecret: string;
  expiryMinutes: number;
}

export const CASHFREE_BASES = {
  sandbox: "https://sandbox.cashfree.com/pg",
  production: "https://api.cashfree.com/pg",
} as const;

let cached: PaymentConfig | undefined;

/** The payment settings; throws (refusing to start) when they are inconsistent. */
export function paymentConfig(): PaymentConfig {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(
      `Invalid payment settings:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`,
    );
  }
  const p = parsed.data;
  const demo = env().DEMO_MODE;
  const provider = p.PAYMENT_PROVIDER ?? (demo ? "local" : "cashfree");
  if (provider === "local" && !demo) {
    throw new Error(
      "PAYMENT_PROVIDER=local is a demo stand-in and is refused outside demo mode (set DEMO_MODE=true, or use cashfree).",
    );
  }
  if (provider === "cashfree" && (!p.CASHFREE_CLIENT_ID || !p.CASHFREE_CLIENT_SECRET)) {
    throw new Error(
      "PAYMENT_PROVIDER=cashfree needs CASHFREE_CLIENT_ID and CASHFREE_CLIENT_SECRET.",
    );
  }
  cached = {
    provider,
    mode: provider === "local" ? "sandbox" : p.CASHFREE_ENV,
    cashfree: {
      clientId: p.CASHFREE_CLIENT_ID ?? "",
      clientSecret: p.CASHFREE_CLIENT_SECRET ?? "",
      baseUrl: (p.CASHFREE_BASE_URL ?? CASHFREE_BASES[p.CASHFREE_ENV]).replace(/\/+$/, ""),
    },
    localSecret: p.LOCAL_PAYMENT_SECRET,
    expiryMinutes: p.ORDER_EXPIRY_MINUTES,
  };
  return cached;
}

/** What the browser may know: which provider runs the checkout, in which mode. */
export function publicPaymentConfig(): {
  provider: "local" | "cashfree";
  mode: "sandbox" | "production";
} {
  const { provider, mode } = paymentConfig();
  return { provider, mode };
}

/** Tests change process.env between cases; this forgets the parsed copy. */
export function resetPaymentConfigForTests(): void {
  cached = undefined;
}
