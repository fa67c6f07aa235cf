import Picture from "~/components/ui/Picture";
import { IMAGE_SIZES } from "~/lib/images";
import { formatInr } from "~/lib/money";
import { productPath, type ProductCardData } from "./catalogue";

/** Cards in the first row load at once; the rest wait until they near the viewport. */
const EAGER_CARDS = 4;

/** One product in the list: image, name, list price, compare price struck through when higher. */
export function ProductCard({
  card,
  index,
  onOpen,
}: {
  card: ProductCardData;
  index: number;
  onOpen?: () => void;
}) {
  const eager = index < EAGER_CARDS;
  return (
    <li className="min-w-0">
      <a
        href={productPath(card.id)}
        onClick={onOpen}
        className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
      >
        <div className="aspect-square overflow-hidden bg-stone-100">
          {/* The name is the link's text; the picture adds nothing for a screen reader here. */}
          <Picture
            src={card.image.url}
            sizes={IMAGE_SIZES.productCard}
            alt=""
            width={600}
            height={600}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            fetchPriority={index === 0 ? "high" : undefined}
            className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
          <h2 className="line-clamp-2 text-sm font-medium text-stone-900 sm:text-base">
            {card.name}
          </h2>
          <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
            <span className="font-semibold text-stone-900">{formatInr(card.price)}</span>
            {card.comparePrice > card.price && (
              <s className="text-sm text-stone-500">
                <span className="sr-only">Original price </span>
                {formatInr(card.comparePrice)}
              </s>
            )}
          </p>
          {card.stock && (
            <p
              className={`text-xs font-medium ${card.stock === "Sold out" ? "text-red-700" : "text-amber-800"}`}
              data-stock-badge
            >
              {card.stock}
            </p>
          )}
        </div>
      </a>
    </li>
  );
}
