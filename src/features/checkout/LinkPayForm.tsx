/**
 * The pay form of a payment link for an order (a shipping charge, a deposit's balance; decisions
 * 0124, 0204): the server bills it to the order's own person, address and GSTIN (decision 0207),
 * so the form asks for nothing. It shows what is being paid and the order's details, read-only,
 * and Pay. The body carries the order's own name, email and phone only because the pay route's
 * schema wants them; the server ignores them for a link. The button stays disabled from the first
 * press until the page is left; each press carries a fresh idempotency key.
 */
import { useRef, useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { primaryButton } from "~/components/ui/form-fields";
import { freshToken } from "~/features/account/session-store";
import { QUOTE_TEXTS } from "~/features/custom/quotes";
import { api, ApiError } from "~/lib/api-client";
import { formatInr } from "~/lib/money";
import { startPayment } from "./checkout-client";
import { newIdempotencyKey, type CreateOrderAnswer } from "./checkout-flow";

export interface LinkPayDetails {
  /** What is paid, as the link's quote names it ("Shipping charge for order ..."). */
  what: string;
  /** The order it pays: "#1001". */
  order: string;
  name: string;
  email: string;
  phone: string;
  /** The order's shipping address on one line. */
  address: string;
  gstin: string;
}

interface Props {
  token: string;
  /** Paise. */
  total: number;
  signedIn: boolean;
  details: LinkPayDetails;
}

export default function LinkPayForm({ token, total, signedIn, details }: Props) {
  const [busy, setBusy] = useState(false);
  const pressed = useRef(false);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (pressed.current) return;
    pressed.current = true;
    setBusy(true);
    try {
      const bearer = signedIn ? await freshToken().catch(() => null) : null;
      const answer = await api.post<CreateOrderAnswer>(
        `/v2/quotes/${encodeURIComponent(token)}/pay`,
        {
          customer_name: details.name,
          customer_email: details.email,
          customer_phone: details.phone,
          idempotency_key: newIdempotencyKey(),
        },
        { token: bearer, timeoutMs: 45_000 },
      );
      await startPayment(answer);
    } catch (error) {
      pressed.current = false;
      setBusy(false);
      showToast({
        type: "error",
        title: error instanceof ApiError ? error.message : "Payment failed",
      });
      if (error instanceof ApiError && error.status === 409) location.reload();
    }
  }

  const rows: [string, string][] = [
    ["For", details.what],
    ["Order", details.order],
    ["Billed to", details.name],
    ["Email", details.email],
    ["Phone", details.phone],
    ["Ships to", details.address],
    ...(details.gstin ? ([["GSTIN", details.gstin]] as [string, string][]) : []),
  ];
  return (
    <form className="space-y-4" noValidate onSubmit={pay} data-link-pay>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-500">{label}</dt>
            <dd className="min-w-0 text-ink-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-ink-500">
        Billed to the order's own details. To change them, reply to the mail that sent this link.
      </p>
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy} data-pay>
        {busy ? "Processing..." : QUOTE_TEXTS.payLabel(formatInr(total))}
      </button>
    </form>
  );
}
