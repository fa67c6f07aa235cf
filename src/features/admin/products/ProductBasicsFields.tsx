/**
 * The product's own fields in the product form (docs/product.md §2, §5): name, description,
 * prices, weight, processing days, category, SKU and status.
 */
import { Controller, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import type { ProductFormValues } from "./product-form";
import { FieldLabel, FieldMessage, MoneyField } from "./ProductFormParts";
import { inputClass, labelClass } from "./products-ui";

const PRICE_LABELS = {
  price: "Base Price (₹)",
  comparePrice: "Compare Price (₹)",
  costPrice: "Cost Price (₹)",
} as const;

interface Props {
  register: UseFormRegister<ProductFormValues>;
  control: Control<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  categories: { id: string; label: string }[];
  disabled: boolean;
}

export default function ProductBasicsFields({
  register,
  control,
  errors,
  categories,
  disabled,
}: Props) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FieldLabel htmlFor="product-name" text="Name" required />
        <input
          id="product-name"
          className={inputClass}
          aria-invalid={errors.name ? true : undefined}
          {...register("name")}
        />
        <FieldMessage message={errors.name?.message} />
      </div>
      <div className="sm:col-span-2">
        <label className={labelClass} htmlFor="product-description">
          Description
        </label>
        <textarea
          id="product-description"
          rows={4}
          className={inputClass}
          {...register("description")}
        />
        <FieldMessage message={errors.description?.message} />
      </div>
      {(["price", "comparePrice", "costPrice"] as const).map((key) => (
        <Controller
          key={key}
          name={key}
          control={control}
          render={({ field, fieldState }) => (
            <MoneyField
              label={PRICE_LABELS[key]}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              required
              disabled={disabled}
            />
          )}
        />
      ))}
      <div>
        <FieldLabel htmlFor="product-weight" text="Weight (kg)" required />
        <input
          id="product-weight"
          className={inputClass}
          type="number"
          min="0"
          step="0.001"
          inputMode="decimal"
          aria-invalid={errors.weight ? true : undefined}
          {...register("weight", { valueAsNumber: true })}
        />
        <FieldMessage message={errors.weight?.message} />
      </div>
      <div>
        <FieldLabel htmlFor="product-processing-days" text="Processing days" />
        <input
          id="product-processing-days"
          className={inputClass}
          type="number"
          min="1"
          max="90"
          step="1"
          inputMode="numeric"
          aria-describedby="product-processing-days-hint"
          aria-invalid={errors.processingDays ? true : undefined}
          {...register("processingDays", { valueAsNumber: true })}
        />
        <p id="product-processing-days-hint" className="mt-1 text-xs text-ink-500">
          Days from payment to dispatch at the latest; the order promises this date.
        </p>
        <FieldMessage message={errors.processingDays?.message} />
      </div>
      <div>
        <label className={labelClass} htmlFor="product-category">
          Category
        </label>
        <select
          id="product-category"
          className={inputClass}
          aria-invalid={errors.categoryId ? true : undefined}
          {...register("categoryId")}
        >
          <option value="">Choose a category</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
        <FieldMessage message={errors.categoryId?.message} />
      </div>
      <div>
        <label className={labelClass} htmlFor="product-sku">
          SKU
        </label>
        <input
          id="product-sku"
          className={inputClass}
          aria-invalid={errors.sku ? true : undefined}
          {...register("sku")}
        />
        <FieldMessage message={errors.sku?.message} />
      </div>
      <div>
        <label className={labelClass} htmlFor="product-status">
          Status
        </label>
        <select id="product-status" className={inputClass} {...register("status")}>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </div>
    </div>
  );
}
