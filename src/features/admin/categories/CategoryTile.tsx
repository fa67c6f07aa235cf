/**
 * One category card (docs/product.md §2 Admin categories): image (or the default), name and slug, created date, the
 * Show on Site switch and Edit Image. The switch shows the saved value only: it moves when the
 * server has agreed (docs/product.md §4), and stays put (logged only, docs/product.md §8) when it did not.
 */
import { useId } from "react";
import Picture from "~/components/ui/Picture";
import { CATEGORY_FALLBACK_IMAGE } from "~/features/home/cards";
import { categoryLabel } from "~/features/catalogue/catalogue";
import { indiaDate } from "~/lib/dates";
import { CATEGORY_TEXTS, type Category, productCountText } from "./categories";

interface Props {
  category: Category;
  saving: boolean;
  onToggle(category: Category): void;
  onEditImage(category: Category): void;
}

export default function CategoryTile({ category, saving, onToggle, onEditImage }: Props) {
  const labelId = useId();
  const shown = category.show === 1;
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-cream-200"
      data-category={category.slug}
    >
      <Picture
        src={category.img || CATEGORY_FALLBACK_IMAGE}
        sizes="(min-width: 1280px) 300px, (min-width: 640px) 45vw, 100vw"
        alt=""
        width={320}
        height={200}
        loading="lazy"
        className="aspect-[8/5] w-full bg-cream-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          {/* Its name as shoppers see it, then the slug of its address (docs/product.md §2 Admin categories). */}
          <p className="font-medium text-ink-900">{categoryLabel(category)}</p>
          <p className="font-mono text-xs text-ink-500">{category.slug}</p>
          <p className="text-sm text-ink-500">{indiaDate(category.createdAt)}</p>
          {category.productCount !== undefined && (
            <p className="text-sm text-ink-700" data-product-count={category.productCount}>
              {productCountText(category.productCount)}
            </p>
          )}
        </div>
        <div className="flex items-center justify-between gap-3">
          <span id={labelId} className="text-sm text-ink-700">
            {CATEGORY_TEXTS.showOnSite}
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={shown}
            aria-labelledby={labelId}
            aria-busy={saving || undefined}
            disabled={saving}
            onClick={() => onToggle(category)}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:opacity-60 ${shown ? "bg-gold-500" : "bg-cream-300"}`}
          >
            <span
              className={`inline-block size-5 rounded-full bg-white shadow transition ${shown ? "translate-x-5" : "translate-x-0.5"}`}
            />
          </button>
        </div>
        <button
          type="button"
          onClick={() => onEditImage(category)}
          className="mt-auto rounded-full border border-cream-300 px-4 py-2 text-sm font-medium text-ink-700 hover:bg-cream-100"
        >
          {CATEGORY_TEXTS.editImage}
        </button>
      </div>
    </li>
  );
}
