/**
 * The product form shared by Add Product and View and Edit (docs/product.md §2, §5): react-hook-form over
 * the zod/mini schema the server validates with (zodResolver(productInput)), so the browser shows
 * the same messages the API would answer. Values are the API body (paise, kg); rupee fields are
 * typed as text and converted in product-form.ts. In view mode every control is read-only.
 */
import { useState } from "react";
import { Controller, type FieldErrors } from "react-hook-form";
import { useSchemaForm } from "../../../components/ui/use-schema-form";
import ProductSizeFields from "./ProductSizeFields";
import { showToast } from "../../../components/ui/toast-store";
import { ApiError } from "../../../lib/api-client";
import { useHydrated } from "../../../components/ui/use-hydrated";
import { productInput } from "./product.schema";
import {
  paiseToField,
  PRODUCT_TEXTS,
  rupeesFieldToPaise,
  splitServerMessage,
  type ProductFormValues,
} from "./product-form";
import ProductImagesField from "./ProductImagesField";
import { AttributesField, TagsField, VariantsField } from "./ProductListFields";
import { inputClass, labelClass, primaryButton, secondaryButton } from "./products-ui";

export type FormMode = "add" | "view" | "edit";

interface Props {
  initial: ProductFormValues;
  categories: { id: string; label: string }[];
  mode: FormMode;
  /**
   * Saves the values (the form then takes them as its new original). On failure it shows the
   * screen's toast and throws the ApiError: a 400's "field: message" parts go under their fields
   * (decision 0017), the rest above the buttons.
   */
  onSave(values: ProductFormValues): Promise<void>;
  onEdit?(): void;
  onCancel?(): void;
}

/** The message of a field, of an array, or of an array's first bad element. */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const e = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof e.message === "string") return e.message;
  if (typeof e.root?.message === "string") return e.root.message;
  for (const value of Object.values(error)) {
    const found = messageOf(value);
    if (found) return found;
  }
  return undefined;
}

/** A label with the required mark outside it, so the control's name is the label alone. */
function FieldLabel({
  htmlFor,
  text,
  required,
}: {
  htmlFor: string;
  text: string;
  required?: boolean | undefined;
}) {
  return (
    <div className="mb-1 flex items-baseline gap-1 text-sm font-medium text-ink-700">
      <label htmlFor={htmlFor}>{text}</label>
      {required && (
        <span aria-hidden="true" className="text-red-600">
          *
        </span>
      )}
    </div>
  );
}

function MoneyField({
  label,
  value,
  onChange,
  error,
  required,
  disabled,
}: {
  label: string;
  value: number;
  onChange(paise: number): void;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
}) {
  const [text, setText] = useState(() => paiseToField(value));
  const id = `money-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div>
      <FieldLabel htmlFor={id} text={label} required={required} />
      <input
        id={id}
        className={inputClass}
        type="number"
        min="0"
        step="0.01"
        inputMode="decimal"
        value={text}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          onChange(rupeesFieldToPaise(e.target.value));
        }}
      />
      {error && (
        <p className="mt-1 text-sm text-red-600" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}

export default function ProductForm({
  initial,
  categories,
  mode,
  onSave,
  onEdit,
  onCancel,
}: Props) {
  const hydrated = useHydrated();
  const [original, setOriginal] = useState(initial);
  const [version, setVersion] = useState(0);
  const { register, control, handleSubmit, reset, setError, watch, formState } = useSchemaForm(
    productInput,
    { defaultValues: initial },
  );
  const readOnly = mode === "view";
  const busy = formState.isSubmitting;
  const errors = formState.errors;

  function onInvalid(invalid: FieldErrors<ProductFormValues>) {
    if (invalid.images) showToast({ type: "error", ...PRODUCT_TEXTS.imageRequired });
  }

  async function submit(values: ProductFormValues) {
    try {
      await onSave(values);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "";
      for (const part of splitServerMessage(message))
        setError(part.field ?? "root.server", { type: "server", message: part.message });
      return;
    }
    if (mode === "edit") setOriginal(values);
    reset(mode === "add" ? initial : values);
    setVersion((v) => v + 1);
  }

  function cancel() {
    reset(original);
    setVersion((v) => v + 1); // remounts the rupee fields with the original amounts
    onCancel?.();
  }

  const category = watch("categoryId");
  const options =
    category && !categories.some((c) => c.id === category)
      ? [...categories, { id: category, label: category }]
      : categories;
  const name = watch("name");

  return (
    <form
      key={version}
      noValidate
      onSubmit={handleSubmit(submit, onInvalid)}
      className="space-y-6"
      aria-label="Product"
      data-mode={mode}
    >
      <fieldset disabled={readOnly || busy} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <FieldLabel htmlFor="product-name" text="Name" required />
            <input
              id="product-name"
              className={inputClass}
              aria-invalid={errors.name ? true : undefined}
              {...register("name")}
            />
            {errors.name && (
              <p className="mt-1 text-sm text-red-600" data-field-error>
                {errors.name.message}
              </p>
            )}
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
            {errors.description && (
              <p className="mt-1 text-sm text-red-600" data-field-error>
                {errors.description.message}
              </p>
            )}
          </div>
          {(["price", "comparePrice", "costPrice"] as const).map((key) => (
            <Controller
              key={key}
              name={key}
              control={control}
              render={({ field, fieldState }) => (
                <MoneyField
                  label={
                    {
                      price: "Base Price (₹)",
                      comparePrice: "Compare Price (₹)",
                      costPrice: "Cost Price (₹)",
                    }[key]
                  }
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  required
                  disabled={readOnly || busy}
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
            {errors.weight && (
              <p className="mt-1 text-sm text-red-600" data-field-error>
                {errors.weight.message}
              </p>
            )}
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
            {errors.processingDays && (
              <p className="mt-1 text-sm text-red-600" data-field-error>
                {errors.processingDays.message}
              </p>
            )}
          </div>
          <ProductSizeFields register={register} errors={errors} />
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
              {options.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
            {errors.categoryId && (
              <p className="mt-1 text-sm text-red-600" data-field-error>
                {errors.categoryId.message}
              </p>
            )}
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
            {errors.sku && (
              <p className="mt-1 text-sm text-red-600" data-field-error>
                {errors.sku.message}
              </p>
            )}
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
        <Controller
          name="variants"
          control={control}
          render={({ field }) => (
            <VariantsField
              value={field.value}
              onChange={field.onChange}
              disabled={readOnly || busy}
              error={messageOf(errors.variants)}
            />
          )}
        />
        <Controller
          name="attributes"
          control={control}
          render={({ field }) => (
            <AttributesField
              value={field.value}
              onChange={field.onChange}
              disabled={readOnly || busy}
              error={messageOf(errors.attributes)}
            />
          )}
        />
        <Controller
          name="tags"
          control={control}
          render={({ field }) => (
            <TagsField
              value={field.value}
              onChange={field.onChange}
              disabled={readOnly || busy}
              error={messageOf(errors.tags)}
            />
          )}
        />
        <Controller
          name="images"
          control={control}
          render={({ field }) => (
            <ProductImagesField
              value={field.value}
              onChange={field.onChange}
              disabled={readOnly || busy}
              error={messageOf(errors.images)}
              defaultAlt={name}
            />
          )}
        />
        {errors.root && (
          <p
            className="rounded-xl bg-red-50 p-3 text-sm text-red-700"
            role="alert"
            data-save-problem
          >
            {messageOf(errors.root)}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        {mode === "add" && (
          <button type="submit" className={primaryButton} disabled={!hydrated || busy}>
            {busy ? "Adding..." : "Add Product"}
          </button>
        )}
        {mode === "view" && (
          <button type="button" className={primaryButton} disabled={!hydrated} onClick={onEdit}>
            Edit
          </button>
        )}
        {mode === "edit" && (
          <>
            <button type="submit" className={primaryButton} disabled={!hydrated || busy}>
              {busy ? "Saving..." : "Save"}
            </button>
            <button type="button" className={secondaryButton} disabled={busy} onClick={cancel}>
              Cancel
            </button>
          </>
        )}
      </div>
    </form>
  );
}
