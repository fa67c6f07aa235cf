/**
 * The Claims area's calls (docs/decisions/0247-damage-claims.md) on the portal's one API client: a
 * page of claims, the open count for the navigation's badge, and the one decision.
 */
import { adminGet, adminPost, adminUpload, queryString } from "~/features/admin/shell/admin-api";
import { navCount } from "~/features/admin/shell/nav-count";
import type { ClaimJson } from "~/features/claims/claims";
import type { ClaimsView } from "./claims-view";

export interface ClaimsPage {
  claims: ClaimJson[];
  total: number;
}

export type Decision =
  | { decision: "replace"; reason?: string }
  | { decision: "refund"; amount?: number; reason?: string }
  | { decision: "decline"; reason: string };

export function fetchClaimsPage(view: ClaimsView, signal?: AbortSignal): Promise<ClaimsPage> {
  return adminGet<ClaimsPage>(
    `/v2/admin/claims${queryString({ show: view.show, page: view.page + 1 })}`,
    { signal },
  );
}

/** The open claims' count beside 'Claims' in the navigation. */
export const openClaims = navCount("/v2/admin/claims/count", "open claims");

export async function decide(id: string, decision: Decision): Promise<ClaimJson> {
  const saved = await adminPost<ClaimJson>(
    `/v2/admin/claims/${encodeURIComponent(id)}/decision`,
    decision,
  );
  void openClaims.refresh();
  return saved;
}

/** The owner's goodwill claim for the shopper (multipart, as the shopper's form sends it). */
export async function openGoodwillClaim(path: string, form: FormData): Promise<ClaimJson> {
  const saved = await adminUpload<ClaimJson>(path, form);
  void openClaims.refresh();
  return saved;
}

/** A month of the claims report (decision 0251); `cost` and `refunded` in paise once read. */
export interface ClaimMonthJson {
  month: string;
  claims: number;
  deliveredOrders: number;
  share: number;
  replaced: number;
  refunds: number;
  declined: number;
  goodwill: number;
  cost: number;
  refunded: number;
}

export function fetchClaimReport(
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<{ months: ClaimMonthJson[] }> {
  return adminGet(`/v2/admin/reports/claims${queryString({ from, to })}`, { signal });
}
