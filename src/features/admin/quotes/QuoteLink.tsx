/** The inquiry row's action (InquiryRow `actions` slot): opens the inquiry's quotes, /admin/inquiries/{id}. */
import { navigate } from "~/features/admin/shell/admin-router";

export default function QuoteLink({ inquiryId }: { inquiryId: string }) {
  const href = `/admin/inquiries/${encodeURIComponent(inquiryId)}`;
  return (
    <a
      href={href}
      onClick={(event) => {
        event.preventDefault();
        navigate(href);
      }}
      className="self-start rounded-full bg-ink-900 px-4 py-1.5 text-sm font-semibold text-cream-50 hover:bg-ink-700"
      data-quote-link-for={inquiryId}
    >
      Quote
    </a>
  );
}
