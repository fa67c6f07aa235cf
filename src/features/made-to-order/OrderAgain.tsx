/**
 * "Order again" on /my-orders/{id} (docs/decisions/0120-order-again.md): says what changed since the
 * order (server-rendered), and on a click puts the lines that can still be bought into the cart
 * through the cart's own store, which prices them again on the server (today's price), then opens
 * the cart.
 */
import { useState } from "react";
import { addToCart, openCart } from "~/features/cart/cart-store";
import { REORDER_TEXTS, type ReorderPlan } from "./reorder";

interface Props {
  plan: ReorderPlan;
}

export default function OrderAgain({ plan }: Props) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const changes = plan.lines.flatMap((line) => line.changes);

  async function orderAgain() {
    setBusy(true);
    let added = 0;
    let failed = 0;
    for (const line of plan.lines) {
      if (!line.draft) continue;
      try {
        await addToCart(line.draft);
        added++;
      } catch (error) {
        console.error("[order again] add failed", error);
        failed++;
      }
    }
    setBusy(false);
    setOutcome(failed > 0 ? REORDER_TEXTS.failed : REORDER_TEXTS.added(added));
    if (added > 0) openCart();
  }

  return (
    <section
      className="rounded-3xl border border-cream-200 bg-white/85 p-4 sm:p-6"
      aria-labelledby="order-again-title"
      data-order-again
    >
      <h2 id="order-again-title" className="mb-2 text-xl text-ink-900">
        {REORDER_TEXTS.title}
      </h2>
      <p className="text-sm text-ink-600">
        {plan.any ? REORDER_TEXTS.intro : REORDER_TEXTS.nothing}
      </p>
      {changes.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink-700" data-order-again-changes>
          {changes.map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      )}
      {plan.any && (
        <button
          type="button"
          className="mt-3 inline-flex items-center justify-center rounded-full bg-ink-900 px-6 py-2.5 text-sm font-semibold text-cream-50 hover:bg-ink-700 disabled:opacity-60"
          disabled={busy}
          onClick={orderAgain}
        >
          {REORDER_TEXTS.button}
        </button>
      )}
      <p className="mt-2 text-sm text-ink-700" role="status">
        {outcome}
      </p>
    </section>
  );
}
