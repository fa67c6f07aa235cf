/**
 * The product form's tax fields (docs/decisions/0085): HSN code and GST rate, each blank for the
 * category's or the shop's default. No rate is suggested: the owner's accountant decides.
 */
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { rateOptions, staleRateWarning } from "~/features/books/gst-rates";
import type { ProductFormValues } from "./product-form";
import { inputClass, labelClass } from "./products-ui";

interface Props {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  /** The rate as stored (an old slab stays an option, with a warning: decision 0180). */
  storedRate?: number | null;
  /** The rate chosen now. */
  rate?: number | null;
}

export default function ProductTaxFields({ register, errors, storedRate, rate }: Props) {
  const today = new Date();
  const warning = staleRateWarning(rate ?? null, today);
  return (
    <div className="grid gap-5 sm:grid-cols-2" data-product-tax>
      <div>
        <label className={labelClass} htmlFor="product-hsn">
          HSN code
        </label>
        <input
          id="product-hsn"
          className={inputClass}
          inputMode="numeric"
          maxLength={8}
          placeholder="Default"
          aria-invalid={errors.hsn ? true : undefined}
          {...register("hsn")}
        />
        {errors.hsn && (
          <p className="mt-1 text-sm text-red-600" data-field-error>
            {errors.hsn.message}
          </p>
        )}
      </div>
      <div>
        <label className={labelClass} htmlFor="product-gst-rate">
          GST rate
        </label>
        <select
          id="product-gst-rate"
          className={inputClass}
          aria-invalid={errors.gstRate ? true : undefined}
          {...register("gstRate", {
            setValueAs: (v) => (v === "" || v === null ? null : Number(v)),
          })}
        >
          <option value="">Default (category or shop)</option>
          {rateOptions(storedRate, today).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {warning && (
          <p className="mt-1 text-sm text-amber-800" data-stale-rate>
            {warning}
          </p>
        )}
        {errors.gstRate && (
          <p className="mt-1 text-sm text-red-600" data-field-error>
            {errors.gstRate.message}
          </p>
        )}
      </div>
    </div>
  );
}
