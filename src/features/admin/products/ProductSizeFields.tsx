/**
 * The product form's parcel size (docs/shipping.md): length, breadth and height of the packed
 * piece in whole centimetres, 0 when not known (the shipment form then uses the default package
 * from Settings). Mounted with one line in ProductForm.tsx; the values are part of the product body.
 */
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import type { ProductFormValues } from "./product-form";
import { inputClass } from "./products-ui";

const FIELDS = [
  ["lengthCm", "Length (cm)"],
  ["breadthCm", "Breadth (cm)"],
  ["heightCm", "Height (cm)"],
] as const;

export default function ProductSizeFields({
  register,
  errors,
}: {
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium text-ink-700">Packed size (for shipping)</legend>
      <div className="mt-1 grid grid-cols-3 gap-2">
        {FIELDS.map(([name, label]) => (
          <div key={name}>
            <label htmlFor={`product-${name}`} className="text-xs text-ink-500">
              {label}
            </label>
            <input
              id={`product-${name}`}
              className={inputClass}
              type="number"
              min="0"
              max="300"
              step="1"
              inputMode="numeric"
              aria-invalid={errors[name] ? true : undefined}
              {...register(name, { valueAsNumber: true })}
            />
            {errors[name] && (
              <p className="mt-1 text-sm text-red-600" data-field-error>
                {errors[name]?.message}
              </p>
            )}
          </div>
        ))}
      </div>
      <p className="mt-1 text-xs text-ink-500">
        Leave 0 when unknown: the default package from Settings is used.
      </p>
    </fieldset>
  );
}
