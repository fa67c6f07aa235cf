/**
 * The studio area's calls (docs/decisions/0122-capacity-and-needed-by.md), on the portal's one API
 * client: the studio settings section, the queue week by week and the needed-by dates. Answer types:
 * made-to-order/capacity.ts and made-to-order/needed-by.ts.
 */
import type { QueueWeek, StudioSettings } from "~/features/made-to-order/capacity";
import type { NeededByRow } from "~/features/made-to-order/needed-by";
import { adminGet, adminPut } from "~/features/admin/shell/admin-api";

export interface StudioSection {
  value: StudioSettings;
  version: number;
}

export interface StudioQueue {
  weeks: QueueWeek[];
  orders: { id: string; pieces: number; paidAt: string; promisedDispatchAt: string | null }[];
}

export function fetchStudio(signal?: AbortSignal): Promise<StudioSection> {
  return adminGet<StudioSection>("/v2/admin/settings/studio", { signal });
}

export function saveStudio(value: StudioSettings, version: number): Promise<StudioSection> {
  return adminPut<StudioSection>("/v2/admin/settings/studio", { value, version });
}

export function fetchStudioQueue(weeks: number, signal?: AbortSignal): Promise<StudioQueue> {
  return adminGet<StudioQueue>(`/v2/admin/studio/queue?weeks=${weeks}`, { signal });
}

/** The open orders with a needed-by date, closest promise first. */
export function fetchNeededBy(signal?: AbortSignal): Promise<NeededByRow[]> {
  return adminGet<NeededByRow[]>("/v2/admin/needed-by", { signal });
}
