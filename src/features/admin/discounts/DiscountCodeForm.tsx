/**
 * Create or edit a discount code (docs/product.md "Discount codes"). react-hook-form over
 * discount-form.ts's resolver (decision 0064): the handler's schema judges the body, each message
 * shows under its field and goes on edit; a server refusal shows above the buttons. A code's text
 * is fixed once made.
 */
import { useState } from "react";
import {
  FormError,
  SelectField,
  TextField,
  primaryButton,
  secondaryButton,
} from "~/components/ui/form-fields";
import { showToast } from "~/components/ui/toast-store";
import { useClearOnEditForm } from "~/components/ui/use-schema-form";
import { ApiError } from "~/lib/api-client";
import type { Category } from "~/features/admin/categories/categories";
import { bodyOf, discountResolver, type DiscountFormValues } from "./discount-form";
import { DISCOUNT_TEXTS, type AdminDiscountCode } from "./discounts-admin";
import { saveDiscountCode } from "./discounts-client";
import ProductPicker from "./ProductPicker";

interface Props {
  id: string | null;
  initial: DiscountFormValues;
  categories: readonly Category[];
  products: readonly { id: string; name: string }[];
  onSaved(code: AdminDiscountCode): void;
  onCancel(): void;
}

const box = "size-4 rounded border-cream-300 accent-ink-900";

export default function DiscountCodeForm({
  id,
  initial,
  categories,
  products,
  onSaved,
  onCancel,
}: Props) {
  const [formError, setFormError] = useState<string | undefined>();
  const { register, handleSubmit, watch, setValue, formState } =
    useClearOnEditForm<DiscountFormValues>({ resolver: discountResolver, defaultValues: initial });
  const { errors, isSubmitting: saving } = formState;
  const kind = watch("kind");
  const categoryIds = watch("categoryIds");
  const productIds = watch("productIds");
  const field = (name: keyof DiscountFormValues) => ({
    ...register(name),
    error: errors[name]?.message,
  });

  async function onValid(values: DiscountFormValues) {
    setFormError(undefined);
    try {
      const saved = await saveDiscountCode(id, bodyOf(values));
      showToast({ type: "success", title: DISCOUNT_TEXTS.saved, message: saved.code });
      onSaved(saved);
    } catch (error) {
      setFormError(
        error instanceof ApiError ? error.message : "The code was not saved; try again.",
      );
    }
  }

  return (
    <form
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-cream-200 sm:grid-cols-2"
      aria-label={id ? `Edit ${initial.code}` : "New discount code"}
      data-discount-form
      noValidate
    >
      <TextField label="Code" required readOnly={id !== null} maxLength={32} {...field("code")} />
      <SelectField
        label="Kind"
        {...register("kind")}
        options={[
          { value: "percent", label: "Percentage" },
          { value: "fixed", label: "Fixed rupees" },
        ]}
      />
      {kind === "percent" ? (
        <>
          <TextField label="Percentage off" inputMode="decimal" {...field("percent")} />
          <TextField
            label="Largest discount (₹, optional)"
            inputMode="decimal"
            {...field("maximumDiscount")}
          />
        </>
      ) : (
        <TextField label="Amount off (₹)" inputMode="decimal" {...field("amount")} />
      )}
      <TextField
        label="Minimum order (₹, optional)"
        inputMode="decimal"
        {...field("minimumOrder")}
      />
      <TextField
        label="Starts (India time, optional)"
        type="datetime-local"
        {...field("startsAt")}
      />
      <TextField label="Ends (India time, optional)" type="datetime-local" {...field("endsAt")} />
      <TextField label="Total uses (optional)" inputMode="numeric" {...field("totalUses")} />
      <TextField
        label="Uses per shopper (optional)"
        inputMode="numeric"
        {...field("usesPerShopper")}
      />
      <fieldset className="sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-ink-700">
          Only these collections (none ticked: every product)
        </legend>
        <div className="flex flex-wrap gap-3">
          {categories.map((c) => (
            <label key={c.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className={box}
                checked={categoryIds.includes(c.id)}
                onChange={(e) =>
                  setValue(
                    "categoryIds",
                    e.currentTarget.checked
                      ? [...categoryIds, c.id]
                      : categoryIds.filter((x) => x !== c.id),
                  )
                }
              />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <ProductPicker
        products={products}
        chosen={productIds}
        onChange={(ids) => setValue("productIds", ids)}
        error={errors.productIds?.message}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className={box} {...register("active")} />
        Active
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className={box} {...register("forQuotes")} />
        Also on a quote's pay page
      </label>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <FormError message={formError} />
        <div className="flex gap-3">
          <button type="button" className={`${secondaryButton} sm:w-32`} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={`${primaryButton} sm:w-40`} disabled={saving}>
            {saving ? "Saving..." : "Save code"}
          </button>
        </div>
      </div>
    </form>
  );
}
