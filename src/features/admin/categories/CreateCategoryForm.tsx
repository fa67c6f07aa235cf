/**
 * Adding a category (docs/product.md §2: "Category name, when entered, is title-cased per word and the slug is
 * derived automatically and read-only"; §5). The body is checked with the server's own schema
 * before it is sent; a slug already taken comes back as the server's 400 message.
 */
import { useId, useState, type FormEvent } from "react";
import * as z from "zod/mini";
import { showToast } from "~/components/ui/toast-store";
import { ApiError } from "~/lib/api-client";
import { CATEGORY_NAME_MAX, newCategoryFields, type Category } from "./categories";
import { createCategory } from "./categories-client";
import { createCategoryBody } from "./categories.schema";

export default function CreateCategoryForm({ onCreated }: { onCreated(category: Category): void }) {
  const id = useId();
  const [name, setName] = useState("");
  const [saving, setSaving] = useState(false);
  const derived = newCategoryFields(name);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = z.safeParse(createCategoryBody, { name });
    if (!parsed.success) {
      showToast({
        type: "error",
        title: "Error",
        message: parsed.error.issues[0]?.message ?? "Check the name.",
      });
      return;
    }
    setSaving(true);
    try {
      const category = await createCategory(derived.name);
      showToast({ type: "success", title: "Category added", message: category.slug });
      setName("");
      onCreated(category);
    } catch (error) {
      console.error("[categories] create failed", error);
      showToast({
        type: "error",
        title: "Error",
        message:
          error instanceof ApiError && error.status !== 0 ? error.message : "Category not added",
      });
    } finally {
      setSaving(false);
    }
  };

  const inputClass =
    "block w-full rounded-xl border border-cream-300 bg-white px-4 py-2.5 text-sm text-ink-900 outline-none focus:border-gold-500";
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-cream-200 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      aria-label="Add a category"
    >
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium text-ink-700">
          Category name
        </label>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={CATEGORY_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setName(derived.name)}
          className={inputClass}
          placeholder="e.g. Resin Trays"
        />
      </div>
      <div>
        <label htmlFor={`${id}-slug`} className="mb-1 block text-sm font-medium text-ink-700">
          Slug
        </label>
        <input
          id={`${id}-slug`}
          value={derived.slug}
          readOnly
          className={`${inputClass} bg-cream-100 text-ink-500`}
        />
      </div>
      <button
        type="submit"
        disabled={saving}
        className="rounded-full bg-ink-900 px-5 py-2.5 text-sm font-medium text-cream-50 hover:bg-ink-700 disabled:opacity-60"
      >
        Add Category
      </button>
    </form>
  );
}
