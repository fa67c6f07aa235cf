/**
 * One line of the cart drawer (docs/product.md §2 Cart drawer): picture, name, chosen variant,
 * quantity with − and + (docs/product.md §2 Cart drawer), line total, the personalisation note behind
 * its info button, and Remove.
 */
import { describePersonalised } from "~/features/personalisation/personalisation";
import PhotoThumbs from "~/features/personalisation/PhotoThumbs";
import Picture from "~/components/ui/Picture";
import { IMAGE_SIZES } from "~/lib/images";
import { formatInr } from "~/lib/money";
import { FALLBACK_PRODUCT_IMAGE } from "~/features/catalogue/catalogue";
import { MAX_LINE_QUANTITY, lineTotal, variantValues, type CartLine } from "./cart";
import { ICON_BUTTON, INFO, Icon, MINUS, PLUS, TRASH } from "./cart-icons";

export default function CartLineRow({
  line,
  busy,
  noteOpen,
  onToggleNote,
  onRemove,
  onQuantity,
}: {
  line: CartLine;
  busy: boolean;
  noteOpen: boolean;
  onToggleNote: () => void;
  onRemove: () => void;
  onQuantity: (quantity: number) => void;
}) {
  const values = variantValues(line.variant);
  const noteId = `cart-note-${line.id.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  return (
    <li className="flex flex-wrap gap-3 py-4" aria-busy={busy || undefined}>
      <Picture
        src={line.product.image || FALLBACK_PRODUCT_IMAGE}
        sizes={IMAGE_SIZES.thumb}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        className="h-16 w-16 flex-none rounded-lg bg-cream-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium leading-snug">{line.product.name}</p>
        {values.length > 0 && <p className="mt-0.5 text-sm text-ink-500">{values.join(" · ")}</p>}
        {line.stockNote && (
          <p className="mt-0.5 text-sm font-medium text-red-700" data-stock-note>
            {line.stockNote}
          </p>
        )}
        {describePersonalised(line.personalisation ?? []).map((text) => (
          <p key={text} className="mt-0.5 break-words text-sm text-ink-500" data-personalised>
            {text}
          </p>
        ))}
        <PhotoThumbs values={line.personalisation ?? []} />
        <div className="mt-1 flex items-center gap-1 text-sm text-ink-700">
          <button
            type="button"
            className={ICON_BUTTON}
            aria-label={`Decrease quantity of ${line.product.name}`}
            disabled={busy || line.quantity <= 1}
            onClick={() => onQuantity(line.quantity - 1)}
          >
            <Icon path={MINUS} />
          </button>
          <span className="min-w-12 text-center tabular-nums" aria-live="polite">
            Qty: {line.quantity}
          </span>
          <button
            type="button"
            className={ICON_BUTTON}
            aria-label={`Increase quantity of ${line.product.name}`}
            disabled={busy || line.quantity >= MAX_LINE_QUANTITY}
            onClick={() => onQuantity(line.quantity + 1)}
          >
            <Icon path={PLUS} />
          </button>
        </div>
      </div>
      <div className="flex flex-none flex-col items-end gap-1">
        <p className="font-medium tabular-nums">{formatInr(lineTotal(line))}</p>
        <div className="flex items-center">
          {line.note && (
            <button
              type="button"
              className={ICON_BUTTON}
              aria-label={`Note for ${line.product.name}`}
              aria-expanded={noteOpen}
              aria-controls={noteOpen ? noteId : undefined}
              onClick={onToggleNote}
            >
              <Icon path={INFO} />
            </button>
          )}
          <button
            type="button"
            className={ICON_BUTTON}
            aria-label={`Remove ${line.product.name}`}
            disabled={busy}
            onClick={onRemove}
          >
            <Icon path={TRASH} />
          </button>
        </div>
      </div>
      {line.note && noteOpen && (
        // In the line's own flow (not floating over the list): the scrolling list can never clip it,
        // on any width, and it is scrolled into view when it opens.
        <div
          id={noteId}
          role="tooltip"
          ref={(el) => el?.scrollIntoView({ block: "nearest" })}
          className="basis-full whitespace-pre-wrap break-words rounded-lg bg-ink-900 px-3 py-2 text-sm text-cream-50 shadow-lg"
        >
          {line.productNote}
        </div>
      )}
    </li>
  );
}
