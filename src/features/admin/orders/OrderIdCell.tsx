/**
 * An order as the dashboard names it: its number (#1001, decision 0208), then the id's short form (orders-dashboard.ts shortOrderId) with the
 * full id on hover (title) and for screen readers, and a button that copies the full id.
 */
import { showToast } from "~/components/ui/toast-store";
import { shortOrderId } from "./orders-dashboard";

async function copy(id: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(id);
    showToast({ type: "success", title: "Order id copied", message: id });
  } catch (error) {
    console.warn("[admin] the clipboard refused the order id", error);
    showToast({ type: "info", title: "Order id", message: id });
  }
}

export default function OrderIdCell({ id, number }: { id: string; number: number }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className="text-sm font-semibold text-ink-900" data-order-number>
        #{number}
      </span>
      <span className="font-mono text-xs text-ink-900" title={id} data-order-id-short>
        <span aria-hidden="true">{shortOrderId(id)}</span>
        <span className="sr-only">{id}</span>
      </span>
      <button
        type="button"
        onClick={() => void copy(id)}
        className="rounded-md p-1 text-ink-500 hover:bg-cream-100 hover:text-ink-900"
        aria-label={`Copy order id ${id}`}
        title="Copy the full order id"
        data-copy-order-id
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
          <path d="M7 3a2 2 0 0 0-2 2v1H4a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-1h1a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H7Zm6 11V8a2 2 0 0 0-2-2H7V5h7v9h-1ZM4 8h7v8H4V8Z" />
        </svg>
      </button>
    </span>
  );
}
