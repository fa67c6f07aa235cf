/**
 * The product detail island (docs/product.md §2 "Product detail"): images, name, description, attributes,
 * one picker per variant group, quantity (minimum 1), an optional note and the price
 * (base + chosen options). "Add to cart" hands the choice to the cart store, which checks one
 * choice per variant group and shows the toasts; the server prices the line again.
 */
import { useId, useMemo, useState } from "react";
import Picture from "~/components/ui/Picture";
import VariantPicker from "./VariantPicker";
import { IMAGE_SIZES } from "~/lib/images";
import { formatInr } from "~/lib/money";
import {
  categoryLabel,
  chosenVariants,
  clampQuantity,
  defaultSelection,
  detailPrice,
  FALLBACK_PRODUCT_IMAGE,
  MIN_QUANTITY,
  variantGroups,
  type Product,
  type Variant,
  type VariantSelection,
} from "./catalogue";
import { detailsFor } from "./variants";
import { addProductToCart } from "~/features/cart/cart-actions";
import { MAX_LINE_QUANTITY, MAX_NOTE_LENGTH } from "~/features/cart/cart";
import { comboSoldOut, selectionKey, type ShopperStock } from "~/features/stock/stock";
import { AskForOneLikeIt, StockBadge } from "~/features/stock/StockNote";
import PersonalisationInputs from "~/features/personalisation/PersonalisationInputs";
import { usePersonalisation } from "~/features/personalisation/use-personalisation";

export interface ProductDetailProps {
  /** The product as the server rendered it (the page answers 404 'Product not found' itself). */
  product: Product;
  /** The options chosen as the page opens (a shopping feed's link names them); else the first of each group. */
  initialSelection?: VariantSelection;
  /** Ready-made pieces: what is left (absent: made to order; docs/decisions/0216). */
  stock?: ShopperStock;
}

export default function ProductDetail(props: ProductDetailProps) {
  return <ProductView {...props} />;
}

function ProductView({ product, initialSelection, stock }: ProductDetailProps) {
  const groups = useMemo(() => variantGroups(product.variants), [product.variants]);
  const [selection, setSelection] = useState<VariantSelection>(
    () => initialSelection ?? defaultSelection(product.variants),
  );
  const [quantityText, setQuantityText] = useState(String(MIN_QUANTITY));
  const [note, setNote] = useState("");
  const [imageIndex, setImageIndex] = useState(0);
  // Options named by the address show their picture at once, as choosing them would.
  const [variantImage, setVariantImage] = useState<string | null>(() =>
    initialSelection
      ? (chosenVariants(product.variants, initialSelection).find((v) => v.images[0])?.images[0] ??
        null)
      : null,
  );
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const personal = usePersonalisation(product.personalisation);

  const chosen = chosenVariants(product.variants, selection);
  const unitPrice = detailPrice(product, chosen) + personal.addOn;
  const quantity = clampQuantity(Number(quantityText));
  const inStock = product.status === "active";
  // Enabled in the server's HTML: the island hydrates when touched, and client:touch holds a tap
  // made before then and taps again once React runs (decision 0225).
  const combos = stock?.combos ?? null;
  const soldOut = Boolean(
    stock?.soldOut || (combos && (combos[selectionKey(selection)] ?? 0) <= 0),
  );
  const canAdd = inStock && !busy && !soldOut;

  const choose = (group: string, option: Variant) => {
    setSelection((current) => ({ ...current, [group]: option.id }));
    setVariantImage(option.images[0] ?? null);
  };

  const addToCart = async () => {
    if (!canAdd) return;
    const values = personal.check();
    if (!values) return;
    setBusy(true);
    try {
      await addProductToCart(product, selection, quantity, note, values);
    } finally {
      setBusy(false);
    }
  };

  const images = product.images.length
    ? product.images
    : [{ id: "fallback", url: FALLBACK_PRODUCT_IMAGE, alt: product.name, isPrimary: true }];
  const shown = images[Math.min(imageIndex, images.length - 1)]!;
  const mainUrl = variantImage ?? shown.url;

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6 sm:py-10 md:grid-cols-2 md:gap-12">
      <div>
        <div className="overflow-hidden rounded-2xl bg-stone-100 ring-1 ring-stone-200">
          <Picture
            src={mainUrl}
            sizes={IMAGE_SIZES.productMain}
            alt={shown.alt || product.name}
            width={800}
            height={800}
            loading="eager"
            fetchPriority="high"
            decoding="async"
            className="aspect-square h-auto w-full object-cover"
          />
        </div>
        {images.length > 1 && (
          <ul className="mt-3 grid grid-cols-5 gap-2" aria-label="Product images">
            {images.map((image, index) => (
              <li key={image.id}>
                <button
                  type="button"
                  onClick={() => {
                    setImageIndex(index);
                    setVariantImage(null);
                  }}
                  aria-pressed={index === imageIndex && !variantImage}
                  aria-label={`Show image ${index + 1} of ${images.length}`}
                  className="block w-full overflow-hidden rounded-lg ring-1 ring-stone-200 aria-pressed:ring-2 aria-pressed:ring-amber-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
                >
                  <Picture
                    src={image.url}
                    sizes={IMAGE_SIZES.productThumb}
                    alt=""
                    width={800}
                    height={800}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square h-auto w-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="flex flex-col gap-6">
        <div>
          {product.category && (
            <p className="text-sm font-medium uppercase tracking-wide text-amber-800">
              {categoryLabel(product.category)}
            </p>
          )}
          <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">{product.name}</h1>
          <p className="mt-3 flex flex-wrap items-baseline gap-x-3">
            <span id={`${ids}-price-label`} className="sr-only">
              Price
            </span>
            <span
              role="status"
              aria-labelledby={`${ids}-price-label`}
              className="text-2xl font-semibold text-stone-900"
            >
              {formatInr(unitPrice)}
            </span>
            {product.comparePrice > unitPrice && (
              <s className="text-stone-500">
                <span className="sr-only">Original price </span>
                {formatInr(product.comparePrice)}
              </s>
            )}
          </p>
          {quantity > 1 && (
            <p className="mt-1 text-sm text-stone-600">
              {quantity} × {formatInr(unitPrice)} = {formatInr(unitPrice * quantity)}
            </p>
          )}
          {!inStock && <p className="mt-2 font-medium text-red-700">Out of stock</p>}
          {inStock && (
            <StockBadge text={soldOut ? "Sold out" : (stock?.badge ?? null)} soldOut={soldOut} />
          )}
        </div>

        {product.description && (
          <p className="whitespace-pre-line leading-relaxed text-stone-700">
            {product.description}
          </p>
        )}

        {groups.map(([group, options], groupIndex) => (
          <VariantPicker
            key={group}
            labelId={`${ids}-group-${groupIndex}`}
            group={group}
            options={options}
            selectedId={selection[group]}
            onChoose={(option) => choose(group, option)}
            isSoldOut={(option) => comboSoldOut(combos, selection, group, option.id)}
          />
        ))}

        <PersonalisationInputs
          fields={personal.fields}
          values={personal.values}
          errors={personal.errors}
          onChange={personal.set}
          productId={product.id}
        />

        <div className="flex flex-col gap-2">
          <label htmlFor={`${ids}-quantity`} className="text-sm font-medium">
            Quantity
          </label>
          <div className="flex w-36 items-center rounded-full ring-1 ring-stone-300">
            <button
              type="button"
              aria-label="One fewer"
              onClick={() => setQuantityText(String(clampQuantity(quantity - 1)))}
              disabled={quantity <= MIN_QUANTITY}
              className="h-10 w-10 rounded-full text-lg disabled:opacity-40"
            >
              −
            </button>
            <input
              id={`${ids}-quantity`}
              type="number"
              inputMode="numeric"
              min={MIN_QUANTITY}
              max={MAX_LINE_QUANTITY}
              step={1}
              value={quantityText}
              onChange={(event) => setQuantityText(event.target.value)}
              onBlur={() => setQuantityText(String(quantity))}
              className="h-10 w-16 min-w-0 bg-transparent text-center [appearance:textfield] focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
            />
            <button
              type="button"
              aria-label="One more"
              onClick={() => setQuantityText(String(clampQuantity(quantity + 1)))}
              className="h-10 w-10 rounded-full text-lg"
            >
              +
            </button>
          </div>
        </div>

        <div className="flex flex-col gap-2">
          <label htmlFor={`${ids}-note`} className="text-sm font-medium">
            Note (optional)
          </label>
          <textarea
            id={`${ids}-note`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={MAX_NOTE_LENGTH}
            rows={3}
            placeholder="Names, dates or colours you would like"
            className="rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm focus:border-amber-700 focus:outline-none focus:ring-2 focus:ring-amber-700/30"
          />
        </div>

        {inStock && soldOut ? (
          <AskForOneLikeIt productName={product.name} />
        ) : (
          <div>
            <button
              type="button"
              onClick={addToCart}
              disabled={!canAdd}
              className="w-full rounded-full bg-stone-900 px-6 py-3 font-medium text-white hover:bg-stone-700 disabled:cursor-not-allowed disabled:bg-stone-400 sm:w-auto"
            >
              Add to cart
            </button>
          </div>
        )}

        {product.attributes.length > 0 && (
          <div>
            <h2 className="text-lg font-semibold">Details</h2>
            <dl
              data-product-details
              className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm"
            >
              {detailsFor(product.attributes, product.variants, selection).map(
                (attribute, index) => (
                  <div key={`${attribute.name}-${index}`} className="contents">
                    <dt className="text-stone-600">{attribute.name}</dt>
                    <dd>{attribute.value}</dd>
                  </div>
                ),
              )}
            </dl>
          </div>
        )}
      </div>
    </div>
  );
}
