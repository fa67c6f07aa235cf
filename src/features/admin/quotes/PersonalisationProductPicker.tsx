/**
 * The quote editor's "Personalisation fields of" select (docs/decisions/0266): none, or a product
 * whose personalisation fields the customer fills on the quote's page before paying. The quote
 * keeps the product's fields as they are when it is saved.
 */
import { useEffect, useState } from "react";
import { fetchPersonalisedProducts } from "./quotes-client";

interface Props {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  onChange: (productId: string) => void;
}

type Choice = { id: string; name: string; fields: number };

export default function PersonalisationProductPicker({
  id,
  label,
  value,
  disabled,
  onChange,
}: Props) {
  const [products, setProducts] = useState<Choice[] | null>(null);
  useEffect(() => {
    const aborter = new AbortController();
    fetchPersonalisedProducts(aborter.signal)
      .then(setProducts)
      .catch(() => setProducts([]));
    return () => aborter.abort();
  }, []);
  const known = products?.some((p) => p.id === value) ?? false;
  return (
    <div>
      <label className="block text-sm font-medium text-ink-700" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="mt-1 block w-full min-w-0 rounded-xl border border-cream-300 bg-white px-3 py-2 text-sm"
        value={value}
        disabled={disabled || products === null}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-quote-personalisation
      >
        <option value="">None: no fields to fill</option>
        {value && !known && <option value={value}>The product chosen before ({value})</option>}
        {(products ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.fields} field{p.fields === 1 ? "" : "s"})
          </option>
        ))}
      </select>
      <p className="mt-1 text-xs text-ink-500">
        The customer fills these fields on the quote's page before paying.
      </p>
    </div>
  );
}
