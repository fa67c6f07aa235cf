/**
 * The product page's stock line (docs/decisions/0216-stock-modes-and-holds.md): "Only N left", or
 * "Sold out" with "Ask for one like it", which opens the custom-order inquiry naming the piece.
 */
export function StockBadge({ text, soldOut }: { text: string | null; soldOut: boolean }) {
  if (!text) return null;
  return (
    <p
      data-stock-badge
      className={`mt-2 font-medium ${soldOut ? "text-red-700" : "text-amber-800"}`}
    >
      {text}
    </p>
  );
}

/** Instead of "Add to cart" on a sold-out piece (or a sold-out combination). */
export function AskForOneLikeIt({ productName }: { productName: string }) {
  const ask = async () => {
    const { openInquiryModal } = await import("~/features/inquiries/open-inquiry-modal");
    openInquiryModal(
      null,
      undefined,
      `I would like a piece like "${productName}", which has sold out.`,
    );
  };
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-stone-600">
        This piece has sold out. The studio can make one like it for you.
      </p>
      <button
        type="button"
        onClick={ask}
        className="w-full rounded-full bg-stone-900 px-6 py-3 font-medium text-white hover:bg-stone-700 sm:w-auto"
      >
        Ask for one like it
      </button>
    </div>
  );
}
