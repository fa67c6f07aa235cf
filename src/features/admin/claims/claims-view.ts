/**
 * The Claims screen's view in the address (docs/decisions/0247-damage-claims.md): which claims
 * (open first, the default) and the page. Pure.
 */
import { addDays } from "~/lib/dates";

export const CLAIM_SHOW = ["open", "decided", "all"] as const;
export type ClaimShow = (typeof CLAIM_SHOW)[number];
export const CLAIM_SHOW_LABELS: Record<ClaimShow, string> = {
  open: "Waiting for a decision",
  decided: "Decided",
  all: "All",
};
export const CLAIMS_PAGE_SIZE = 20;

export interface ClaimsView {
  show: ClaimShow;
  /** From 0. */
  page: number;
}

export function readClaimsView(search: string): ClaimsView {
  const params = new URLSearchParams(search);
  const show = params.get("show") ?? "open";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    show: (CLAIM_SHOW as readonly string[]).includes(show) ? (show as ClaimShow) : "open",
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

export function claimsSearch(view: ClaimsView): string {
  const params = new URLSearchParams({ show: view.show });
  if (view.page > 0) params.set("page", String(view.page + 1));
  return `?${params.toString()}`;
}

/** "2026-06" to "2026-11": the six India months up to this one. */
export function lastSixMonths(today: string): { from: string; to: string } {
  let day = `${today.slice(0, 7)}-01`;
  for (let i = 0; i < 5; i++) day = `${addDays(day, -1).slice(0, 7)}-01`;
  return { from: day.slice(0, 7), to: today.slice(0, 7) };
}
