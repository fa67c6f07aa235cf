/**
 * "Pay now" for what is due on a placed order (decision 0214): opens the payment of its shipping
 * charge or its balance through POST /v2/orders/{id}/pay-due, then hands over to the provider as
 * checkout does (startPayment). A guest on the quote page sends the page's own link token; a
 * signed-in buyer sends their sign-in. Hydrated when touched (client:touch holds an early press, decision 0225); disabled from the first press on.
 */
import { useRef, useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { primaryButton } from "~/components/ui/form-fields";
import { freshToken } from "~/features/account/session-store";
import { api, ApiError } from "~/lib/api-client";
import { startPayment } from "./checkout-client";
import { newIdempotencyKey, type CreateOrderAnswer } from "./checkout-flow";

interface Props {
  orderId: string;
  what: "balance" | "shipping";
  label: string;
  /** The quote page's own link token (a guest); absent on /my-orders (the sign-in). */
  token?: string;
}

export default function PayDueButton({ orderId, what, label, token }: Props) {
  const [busy, setBusy] = useState(false);
  const pressed = useRef(false);

  async function pay() {
    if (pressed.current) return;
    pressed.current = true;
    setBusy(true);
    try {
      const bearer = token ? null : await freshToken().catch(() => null);
      const answer = await api.post<CreateOrderAnswer>(
        `/v2/orders/${encodeURIComponent(orderId)}/pay-due`,
        { what, idempotency_key: newIdempotencyKey(), ...(token ? { token } : {}) },
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

  return (
    <button
      type="button"
      className={primaryButton}
      disabled={busy}
      onClick={pay}
      data-pay-due-button={what}
    >
      {busy ? "Processing..." : label}
    </button>
  );
}
