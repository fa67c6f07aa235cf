/**
 * /admin/inquiries/{id}: one inquiry and its quotes (docs/decisions/0045-custom-work-quotes.md).
 * The owner writes a draft, sends it (the link is mailed to the customer and shown here once),
 * revises or withdraws it; the quote's log (sent, revised, paid, a refused second payment) is
 * listed under it in India time.
 */
import QuoteDeposit from "~/features/admin/deposits/QuoteDeposit";
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { formatInr } from "~/lib/money";
import type { QuoteJson } from "~/features/custom/quotes";
import { indiaDate, indiaDateTime } from "~/lib/dates";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { navigate } from "~/features/admin/shell/admin-router";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import { useMay } from "~/features/admin/shell/use-may";
import QuoteEditor from "./QuoteEditor";
import { fetchInquiryQuotes, quoteAction } from "./quotes-client";

export default function InquiryQuoteScreen({ id = "" }: ScreenProps) {
  const loaded = useScreenData((signal) => fetchInquiryQuotes(id, signal), [id]);
  const [link, setLink] = useState("");
  const [editing, setEditing] = useState<QuoteJson | "new" | null>(null);
  // Sending, revising, withdrawing and the deposit are the owner's (docs/team.md).
  const may = useMay();
  const owns = (q: QuoteJson) => may("POST", `/v2/admin/quotes/${encodeURIComponent(q.id)}/send`);

  async function act(quote: QuoteJson, action: "send" | "withdraw") {
    try {
      const answer = await quoteAction(quote.id, action);
      if (answer.link) setLink(answer.link);
      showToast({ type: "success", title: action === "send" ? "Quote sent" : "Quote withdrawn" });
      loaded.retry();
    } catch (error) {
      showPortalError(error, action === "send" ? "Quote not sent" : "Quote not withdrawn");
    }
  }

  return (
    <ScreenState
      data={loaded}
      loading="Loading"
      missing="Inquiry not found"
      failed="This inquiry could not be loaded."
    >
      {(data) => {
        const { inquiry } = data;
        const open = data.quotes.some((q) => q.status === "sent" || q.status === "paid");
        return (
          <div className="space-y-6" data-inquiry-quotes={inquiry.id}>
            <header>
              <a
                href="/admin/inquiries"
                onClick={(event) => {
                  event.preventDefault();
                  navigate("/admin/inquiries");
                }}
                className="text-sm text-ink-500 underline"
              >
                Inquiries
              </a>
              <h1 className="text-3xl text-ink-900">
                {inquiry.productType} for {inquiry.name}
              </h1>
              <p className="text-sm text-ink-600">
                {inquiry.email} · status <span data-inquiry-status>{inquiry.status}</span>
              </p>
              <p className="mt-2 whitespace-pre-line text-ink-700">{inquiry.description}</p>
              <p className="text-sm text-ink-500">
                {[
                  inquiry.colors && `Colours: ${inquiry.colors}`,
                  inquiry.size && `Size: ${inquiry.size}`,
                  inquiry.budget && `Budget: ${inquiry.budget}`,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </header>
            {link && (
              <p className="rounded-2xl bg-emerald-50 p-3 text-sm text-ink-800" data-quote-link>
                Mailed to the customer: <span className="break-all font-mono">{link}</span>
              </p>
            )}
            <ul className="space-y-3">
              {data.quotes.map((q) => (
                <li
                  key={q.id}
                  className="rounded-2xl border border-cream-200 bg-white/85 p-4"
                  data-quote={q.id}
                  data-quote-status={q.status}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium text-ink-900">
                      {q.title} · {formatInr(q.price)} · {q.status}
                    </p>
                    <div className="flex gap-2">
                      {q.status === "draft" && (
                        <button
                          type="button"
                          className="rounded-full border px-3 py-1 text-sm"
                          onClick={() => setEditing(q)}
                        >
                          Edit
                        </button>
                      )}
                      {q.status === "draft" && owns(q) && (
                        <button
                          type="button"
                          className="rounded-full bg-ink-900 px-3 py-1 text-sm text-cream-50"
                          onClick={() => void act(q, "send")}
                          data-send-quote
                        >
                          Send
                        </button>
                      )}
                      {q.status === "sent" && owns(q) && (
                        <button
                          type="button"
                          className="rounded-full border px-3 py-1 text-sm"
                          onClick={() => setEditing(q)}
                        >
                          Revise
                        </button>
                      )}
                      {(q.status === "sent" || q.status === "draft") && owns(q) && (
                        <button
                          type="button"
                          className="rounded-full border px-3 py-1 text-sm"
                          onClick={() => void act(q, "withdraw")}
                        >
                          Withdraw
                        </button>
                      )}
                    </div>
                  </div>
                  {q.status === "draft" && owns(q) && <QuoteDeposit quoteId={q.id} />}
                  <p className="text-sm text-ink-500">
                    Dispatch {q.dispatchMinDays}-{q.dispatchMaxDays} days · expires{" "}
                    {indiaDate(q.expiresAt)}
                    {q.paidOrderId ? ` · order ${q.paidOrderId}` : ""}
                  </p>
                  {q.personalisationFields.length > 0 && (
                    <p className="text-sm text-ink-500" data-quote-fields>
                      The customer fills: {q.personalisationFields.map((f) => f.label).join(", ")}
                    </p>
                  )}
                  <ul className="mt-1 text-xs text-ink-500">
                    {data.events
                      .filter((e) => e.quoteId === q.id)
                      .map((e) => (
                        <li key={`${e.at}:${e.kind}:${e.detail}`}>
                          <time dateTime={e.at}>{indiaDateTime(e.at)}</time> {e.kind}
                          {e.detail ? `: ${e.detail}` : ""}
                        </li>
                      ))}
                  </ul>
                </li>
              ))}
            </ul>
            {editing ? (
              <QuoteEditor
                key={editing === "new" ? "new" : editing.id}
                inquiryId={inquiry.id}
                quote={editing === "new" ? undefined : editing}
                onSaved={(_quote, sentLink) => {
                  if (sentLink) setLink(sentLink);
                  setEditing(null);
                  showToast({
                    type: "success",
                    title: sentLink ? "Revised quote sent" : "Quote saved",
                  });
                  loaded.retry();
                }}
              />
            ) : (
              !open && (
                <button
                  type="button"
                  className="rounded-full bg-ink-900 px-6 py-2.5 text-sm font-semibold text-cream-50"
                  onClick={() => setEditing("new")}
                  data-new-quote
                >
                  New quote
                </button>
              )
            )}
          </div>
        );
      }}
    </ScreenState>
  );
}
