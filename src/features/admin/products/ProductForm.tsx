/**
 * The product form shared by Add Product and View and Edit (docs/product.md §2, §5): react-hook-form over
 * the zod/mini schema the server validates with (zodResolver(productInput)), so the browser shows
 * the same messages the API would answer. Values are the API body (paise, kg); rupee fields are
 * typed as text and converted in product-form.ts. In view mode every control is read-only.
 */
import { useState } from "react";
import { Controller, type FieldErrors } from "react-hook-form";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import ProductSizeFields from "./ProductSizeFields";
import { showToast } from "~/components/ui/toast-store";
import { ApiError } from "~/lib/api-client";
import { useHydrated } from "~/components/ui/use-hydrated";
import { productInput } from "./product.schema";
import { PRODUCT_TEXTS, splitServerMessage, type ProductFormValues } from "./product-form";
import ProductBasicsFields from "./ProductBasicsFields";
import { messageOf } from "./ProductFormParts";
import ProductImagesField from "./ProductImagesField";
import ProductTaxFields from "./ProductTaxFields";
import PersonalisationFieldsEditor from "~/features/personalisation/PersonalisationFieldsEditor";
import { AttributesField, TagsField, VariantsField } from "./ProductListFields";
import { primaryButton, secondaryButton } from "./products-ui";

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
        <ProductBasicsFields
          register={register}
          control={control}
          errors={errors}
          categories={options}
          disabled={readOnly || busy}
        />
        <ProductSizeFields register={register} errors={errors} />
        <ProductTaxFields
          register={register}
          errors={errors}
          storedRate={original.gstRate}
          rate={watch("gstRate")}
        />
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
          name="personalisation"
          control={control}
          render={({ field }) => (
            <PersonalisationFieldsEditor
              value={field.value ?? []}
              onChange={field.onChange}
              disabled={readOnly || busy}
              error={messageOf(errors.personalisation)}
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
