/**
 * The product list's filters kept in the address: a category change adds a history entry, a
 * search replaces it; Back/Forward bring the filters back; typing narrows after a short pause.
 * `onChange` runs whenever the filters change (the list then starts again at its first rows).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { listUrl, normaliseSearch, pathCategory } from "./catalogue";
import { filterKey, filtersFromLocation, type ListFilters } from "./list-filters";

/** How long typing pauses before the list narrows. */
const SEARCH_DEBOUNCE_MS = 200;

export function useListFilters(
  initial: ListFilters,
  initialPathSlug: string | null,
  onChange: () => void,
) {
  const [filters, setFilters] = useState<ListFilters>(initial);
  const [pathSlug, setPathSlug] = useState(initialPathSlug);
  const [query, setQuery] = useState(initial.q);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const applyFilters = useCallback((next: ListFilters, mode: "push" | "replace") => {
    const normalised = { category: next.category?.trim() || null, q: next.q };
    setFilters(normalised);
    onChangeRef.current();
    const url = listUrl(window.location.pathname, normalised);
    setPathSlug(pathCategory(new URL(url, window.location.href).pathname));
    if (url !== window.location.pathname + window.location.search) {
      if (mode === "push") history.pushState(null, "", url);
      else history.replaceState(null, "", url);
    }
  }, []);

  useEffect(() => {
    const onPop = () => {
      const next = filtersFromLocation();
      // Closing a modal also goes back in history: leave the list alone unless the filters changed.
      if (filterKey(next) === filterKey(filtersRef.current)) return;
      setPathSlug(pathCategory(window.location.pathname));
      setFilters(next);
      setQuery(next.q);
      onChangeRef.current();
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  useEffect(() => {
    if (normaliseSearch(query) === normaliseSearch(filtersRef.current.q)) return;
    const timer = setTimeout(
      () => applyFilters({ ...filtersRef.current, q: query }, "replace"),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [query, applyFilters]);

  /** Applies what is typed now (the search form's submit). */
  const search = useCallback(
    () => applyFilters({ ...filtersRef.current, q: query }, "replace"),
    [applyFilters, query],
  );
  /** Picks a category (null: all), keeping the search. */
  const pickCategory = useCallback(
    (slug: string | null) => applyFilters({ category: slug, q: query }, "push"),
    [applyFilters, query],
  );

  return { filters, pathSlug, query, setQuery, search, pickCategory };
}
