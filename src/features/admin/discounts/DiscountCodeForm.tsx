/**
 * Create or edit a discount code (docs/product.md "Discount codes"). The body is checked with the
 * handler's schema before it is sent; each message shows under its field, a server refusal above
 * the buttons. A code's text is fixed once made.
 */
import { useState, type SyntheticEvent } from "react";
import * as z from "zod/mini";
import {
  FormError,
  SelectField,
  TextField,
  primaryButton,
  secondaryButton,
} from "../../../components/ui/form-fields";
import { showToast } from "../../../components/ui/toast-store";
import { ApiError } from "../../../lib/api-client";
import type { Category } from "../categories/categories";
import { bodyOf, type DiscountFormValues } from "./discount-form";
import { discountCodeBody } from "./discount-form.schema";
import { DISCOUNT_TEXTS, type AdminDiscountCode } from "./discounts-admin";
import { saveDiscountCode } from "./discounts-client";

interface Props {
  id: string | null;
  initial: DiscountFormValues;
  categories: readonly Category[];
  onSaved(code: AdminDiscountCode): void;
  onCancel(): void;
}

export default function DiscountCodeForm({ id, initial, categories, onSaved, onCancel }: Props) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof DiscountFormValues>(key: K, value: DiscountFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const text = (key: keyof DiscountFormValues) => ({
    value: values[key] as string,
    error: errors[key],
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value as never),
  });

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = bodyOf(values);
    const parsed = z.safeParse(discountCodeBody, body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? "")] ??= issue.message;
      setErrors(found);
      return;
    }
    setSaving(true);
    setFormError(undefined);
    try {
      const saved = await saveDiscountCode(id, body);
      showToast({ type: "success", title: DISCOUNT_TEXTS.saved, message: saved.code });
      onSaved(saved);
    } catch (error) {
      setFormError(
        error instanceof ApiError ? error.message : "The code was not saved; try again.",
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-cream-200 sm:grid-cols-2"
      aria-label={id ? `Edit ${initial.code}` : "New discount code"}
      data-discount-form
    >
      <TextField label="Code" required readOnly={id !== null} maxLength={32} {...text("code")} />
      <SelectField
        label="Kind"
        value={values.kind}
        onChange={(e) => set("kind", e.currentTarget.value as "percent" | "fixed")}
        options={[
          { value: "percent", label: "Percentage" },
          { value: "fixed", label: "Fixed rupees" },
        ]}
      />
      {values.kind === "percent" ? (
        <>
          <TextField label="Percentage off" inputMode="decimal" {...text("percent")} />
          <TextField
            label="Largest discount (₹, optional)"
            inputMode="decimal"
            {...text("maximumDiscount")}
          />
        </>
      ) : (
        <TextField label="Amount off (₹)" inputMode="decimal" {...text("amount")} />
      )}
      <TextField
        label="Minimum order (₹, optional)"
        inputMode="decimal"
        {...text("minimumOrder")}
      />
      <TextField
        label="Starts (India time, optional)"
        type="datetime-local"
        {...text("startsAt")}
      />
      <TextField label="Ends (India time, optional)" type="datetime-local" {...text("endsAt")} />
      <TextField label="Total uses (optional)" inputMode="numeric" {...text("totalUses")} />
      <TextField
        label="Uses per shopper (optional)"
        inputMode="numeric"
        {...text("usesPerShopper")}
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
                checked={values.categoryIds.includes(c.id)}
                onChange={(e) =>
                  set(
                    "categoryIds",
                    e.currentTarget.checked
                      ? [...values.categoryIds, c.id]
                      : values.categoryIds.filter((x) => x !== c.id),
                  )
                }
              />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-1 text-sm font-medium text-ink-700 sm:col-span-2">
        Only these products (ids, one per line; optional)
        <textarea
          rows={2}
          className="rounded-xl border border-cream-300 px-3 py-2 font-normal"
          value={values.productIds}
          onChange={(e) => set("productIds", e.currentTarget.value)}
        />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.active}
          onChange={(e) => set("active", e.currentTarget.checked)}
        />
        Active
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.forQuotes}
          onChange={(e) => set("forQuotes", e.currentTarget.checked)}
        />
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
