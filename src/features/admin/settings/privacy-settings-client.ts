/** The privacy panel's calls (docs/decisions/0101-data-rights.md), on the portal's one API client. */
import { adminGet, adminPut } from "../shell/admin-api";
import type { PrivacySettings } from "../../privacy/privacy-settings.schema";

export interface StoredPrivacy {
  value: PrivacySettings;
  version: number;
}

export const PRIVACY_SETTINGS_PATH = "/v2/admin/settings/privacy";

export function fetchPrivacySettings(signal?: AbortSignal): Promise<StoredPrivacy> {
  return adminGet<StoredPrivacy>(PRIVACY_SETTINGS_PATH, { signal });
}

export function savePrivacySettings(
  value: PrivacySettings,
  version: number,
): Promise<StoredPrivacy> {
  return adminPut<StoredPrivacy>(PRIVACY_SETTINGS_PATH, { value, version });
}
