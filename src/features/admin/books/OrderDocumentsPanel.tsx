/**
 * The order's documents on the portal's order screen (docs/decisions/0086): invoice, bill of
 * supply, receipt or credit notes with their numbers and dates, each a download. Usage:
 * <OrderDocumentsPanel orderId={id} />. Nothing shows while there is none.
 */
import { indiaDate } from "~/lib/dates";
import { LoadFailed } from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { fetchOrderDocuments } from "./books-client";

export default function OrderDocumentsPanel({ orderId }: { orderId: string }) {
  const data = useScreenData((signal) => fetchOrderDocuments(orderId, signal), [orderId]);
  if (data.state === "loading" || data.state === "missing") return null;
  if (data.state === "failed")
    return (
      <LoadFailed
        text="The invoices could not be loaded."
        detail={data.error}
        onRetry={data.retry}
      />
    );
  const { documents } = data.data;
  return (
    <section
      className="space-y-3 rounded-3xl border border-cream-200 bg-white/85 p-5"
      data-order-documents={orderId}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-xl text-ink-900">Invoices</h2>
        <button type="button" onClick={data.retry} className="text-sm text-ink-600 underline">
          Refresh
        </button>
      </div>
      {documents.length === 0 ? (
        <p className="text-sm text-ink-600">
          No invoice yet: one is issued when the order is paid.
        </p>
      ) : (
        <ul className="divide-y divide-cream-200 text-sm">
          {documents.map((d) => (
            <li
              key={d.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-document-kind={d.kind}
            >
              <span>
                {d.title} {d.number} · {indiaDate(d.issuedAt)}
              </span>
              <a href={d.href} download className="font-semibold text-ink-900 underline">
                Download PDF
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
