/**
 * "Only these products" of the discount code form: a search over every product's name with a box
 * each; the chosen ones stay listed first. Ids the list no longer has (a deleted product) are kept
 * and shown as ids, so an edit never drops them silently.
 */
import { useMemo, useState } from "react";

interface Props {
  products: readonly { id: string; name: string }[];
  chosen: readonly string[];
  onChange(ids: string[]): void;
  error?: string | undefined;
}

const box = "size-4 rounded border-cream-300 accent-ink-900";

export default function ProductPicker({ products, chosen, onChange, error }: Props) {
  const [search, setSearch] = useState("");
  const named = useMemo(() => new Map(products.map((p) => [p.id, p.name])), [products]);
  const q = search.trim().toLowerCase();
  const shown = products
    .filter((p) => !chosen.includes(p.id) && q !== "" && p.name.toLowerCase().includes(q))
    .slice(0, 20);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((x) => x !== id));

  return (
    <fieldset className="sm:col-span-2" data-product-picker>
      <legend className="mb-1 text-sm font-medium text-ink-700">
        Only these products (none chosen: every product)
      </legend>
      <ul className="flex flex-wrap gap-3" aria-label="Chosen products">
        {chosen.map((id) => (
          <li key={id}>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className={box} checked onChange={() => toggle(id, false)} />
              {named.get(id) ?? id}
            </label>
          </li>
        ))}
      </ul>
      <input
        type="search"
        aria-label="Find a product"
        placeholder="Find a product by name"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        className="mt-2 w-full rounded-xl border border-cream-300 px-3 py-2 text-sm"
      />
      {shown.length > 0 && (
        <ul className="mt-2 flex flex-col gap-1" aria-label="Matching products">
          {shown.map((p) => (
            <li key={p.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className={box} onChange={() => toggle(p.id, true)} />
                {p.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="mt-1 text-sm text-red-600" data-field-error>
          {error}
        </p>
      )}
    </fieldset>
  );
}
