/**
 * Homepage Categories (/admin/categories, docs/product.md §2 Admin categories): the two summary cards, search,
 * sort, the grid of cards with Show on Site and Edit Image, and a small form to add a category.
 * /admin/categories/{id} opens the same screen with that category's Edit Image modal.
 */
import CategoryTaxPanel from "~/features/admin/books/CategoryTaxPanel";
import { useEffect, useMemo, useRef, useState } from "react";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { navigate } from "~/features/admin/shell/admin-router";
import { LoadFailed } from "~/features/admin/shell/ScreenState";
import Spinner from "~/components/ui/Spinner";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import {
  CATEGORY_SORTS,
  CATEGORY_TEXTS,
  categoryCounts,
  emptyCategoryQuestion,
  matchesCategory,
  sortCategories,
  type Category,
  type CategorySort,
} from "./categories";
import { fetchCategories, saveCategoryShow } from "./categories-client";
import CategoryTile from "./CategoryTile";
import CreateCategoryForm from "./CreateCategoryForm";
import EditImageModal from "./EditImageModal";

export default function CategoriesScreen({ id }: ScreenProps) {
  const load = useScreenData((signal) => fetchCategories(signal), []);
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<CategorySort>("newest");
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Category | null>(null);

  const list = load.state === "found" ? load.data : [];
  // /admin/categories/{id}: open that category's Edit Image once, when the list is first here.
  const routeOpened = useRef(false);
  useEffect(() => {
    if (!id || routeOpened.current || load.state !== "found") return;
    routeOpened.current = true;
    setEditing(load.data.find((c) => c.id === id) ?? null);
  }, [id, load]);

  const replace = (saved: Category) =>
    load.update((current) => current.map((c) => (c.id === saved.id ? { ...c, ...saved } : c)));

  // docs/product.md §4: the card changes only after the server agrees; a failure is logged only (docs/product.md §8).
  const toggle = async (category: Category) => {
    if (saving.has(category.id)) return;
    const showing = category.show !== 1;
    if (
      showing &&
      category.productCount === 0 &&
      !window.confirm(emptyCategoryQuestion(category.slug))
    )
      return;
    setSaving((s) => new Set(s).add(category.id));
    try {
      replace(await saveCategoryShow(category.id, category.show === 1 ? 0 : 1));
    } catch (error) {
      console.error("[categories] visibility toggle failed", error);
    } finally {
      setSaving((s) => {
        const next = new Set(s);
        next.delete(category.id);
        return next;
      });
    }
  };

  const closeModal = () => {
    setEditing(null);
    if (id) navigate("/admin/categories");
  };

  const counts = categoryCounts(list);
  const shown = useMemo(
    () =>
      sortCategories(
        list.filter((c) => matchesCategory(c, search)),
        sort,
      ),
    [list, search, sort],
  );

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl text-ink-900">{CATEGORY_TEXTS.title}</h1>
      <div className="grid gap-4 sm:grid-cols-2">
        {[
          [CATEGORY_TEXTS.total, counts.total, "total"],
          [CATEGORY_TEXTS.onHome, counts.onHome, "on-home"],
        ].map(([label, value, key]) => (
          <div
            key={key}
            className="rounded-2xl bg-white p-5 ring-1 ring-cream-200"
            data-testid={`summary-${key}`}
          >
            <p className="text-sm text-ink-500">{label}</p>
            <p className="mt-1 text-3xl text-ink-900">{load.state === "found" ? value : "–"}</p>
          </div>
        ))}
      </div>
      <CreateCategoryForm
        onCreated={(category) => load.update((current) => [category, ...current])}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          type="search"
          aria-label={CATEGORY_TEXTS.search}
          placeholder={CATEGORY_TEXTS.search}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="flex-1 rounded-full border border-cream-300 bg-white px-4 py-2.5 text-sm outline-none focus:border-gold-500"
        />
        <select
          aria-label="Sort"
          value={sort}
          onChange={(event) => setSort(event.target.value as CategorySort)}
          className="rounded-full border border-cream-300 bg-white px-4 py-2.5 text-sm"
        >
          {CATEGORY_SORTS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {load.state === "loading" && <Spinner label="Loading categories" />}
      {load.state === "failed" && (
        <LoadFailed
          text="The categories could not be loaded."
          detail={load.error}
          onRetry={load.retry}
        />
      )}
      {load.state === "found" && shown.length === 0 && (
        <p className="text-ink-500">No categories found.</p>
      )}
      {shown.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Categories">
          {shown.map((category) => (
            <CategoryTile
              key={category.id}
              category={category}
              saving={saving.has(category.id)}
              onToggle={(c) => void toggle(c)}
              onEditImage={setEditing}
            />
          ))}
        </ul>
      )}
      <CategoryTaxPanel />
      <EditImageModal category={editing} onSaved={replace} onClose={closeModal} />
    </section>
  );
}
