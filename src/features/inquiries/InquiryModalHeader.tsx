/**
 * The custom-order inquiry modal's title bar (InquiryModal.tsx, docs/product.md §4 "Custom order"):
 * its heading and the close button; and its footer (Cancel, Send).
 */
export function InquiryModalHeader({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  return (
    <header className="flex items-start justify-between gap-4 border-b border-cream-200 px-6 pt-6 pb-4 sm:px-8">
      <div>
        <p className="text-xs font-medium tracking-[0.2em] text-gold-700 uppercase">
          Made just for you
        </p>
        <h2 id={titleId} className="mt-1 text-2xl sm:text-3xl">
          Custom Order
        </h2>
        <p className="mt-2 text-sm text-ink-500">
          Tell us about the piece you have in mind and we will get back to you by email.
        </p>
      </div>
      <button
        type="button"
        aria-label="Close dialog"
        onClick={onClose}
        className="-mr-2 rounded-full p-2 text-ink-500 transition hover:bg-cream-200 hover:text-ink-900"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </header>
  );
}

/** The modal's footer: Cancel, and Send (again, after a send that failed). */
export function InquiryModalFooter({ onCancel, again }: { onCancel: () => void; again: boolean }) {
  return (
    <footer className="flex flex-col-reverse gap-3 border-t border-cream-200 px-6 py-4 sm:flex-row sm:justify-end sm:px-8">
      <button
        type="button"
        onClick={onCancel}
        className="rounded-full px-6 py-2.5 text-sm font-medium text-ink-700 transition hover:bg-cream-200"
      >
        Cancel
      </button>
      <button
        type="submit"
        className="rounded-full bg-ink-900 px-7 py-2.5 text-sm font-medium text-cream-50 shadow-sm transition hover:bg-ink-700"
      >
        {again ? "Send again" : "Send inquiry"}
      </button>
    </footer>
  );
}
