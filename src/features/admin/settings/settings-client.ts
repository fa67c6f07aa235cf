/**
 * The Settings area's calls (docs/decisions/0081, 0083), on the portal's one API client: every
 * section is read and saved whole, with the version the screen loaded (a newer one answers 409).
 */
import { adminGet, adminPut } from "~/features/admin/shell/admin-api";

export interface SectionAnswer<T> {
  value: T;
  version: number;
}

const path = (key: string) => `/v2/admin/settings/${encodeURIComponent(key)}`;

export function fetchSettings<T>(key: string, signal?: AbortSignal): Promise<SectionAnswer<T>> {
  return adminGet<SectionAnswer<T>>(path(key), { signal });
}

export function saveSettings<T>(key: string, value: T, version: number): Promise<SectionAnswer<T>> {
  return adminPut<SectionAnswer<T>>(path(key), { value, version });
}
