/** The breach tool's calls (docs/privacy-breach.md), on the portal's API client. */
import type { AffectedPerson, BreachBody, BreachRecorded } from "~/features/privacy/breach";
import { adminGet, adminPost, queryString } from "~/features/admin/shell/admin-api";

export function fetchAffectedPeople(
  window: { from: string; to: string },
  signal?: AbortSignal,
): Promise<{ count: number; people: AffectedPerson[] }> {
  return adminGet(`/v2/admin/data-breaches${queryString(window)}`, { signal });
}

export function recordBreach(body: BreachBody): Promise<BreachRecorded> {
  return adminPost("/v2/admin/data-breaches", body);
}
