/** The Settings screen's shipping calls (docs/shipping.md): keys are sent, never read back. */
import type { ShippingSettingsAnswer } from "~/features/shipping/shipping";
import { adminGet, adminPut } from "~/features/admin/shell/admin-api";

export type { ShippingSettingsAnswer };

const path = "/v2/admin/settings/shipping";

export function fetchShippingSettings(signal?: AbortSignal): Promise<ShippingSettingsAnswer> {
  return adminGet<ShippingSettingsAnswer>(path, { signal });
}

export function saveShippingSettings(
  version: number,
  settings: unknown,
): Promise<ShippingSettingsAnswer> {
  return adminPut<ShippingSettingsAnswer>(path, { version, settings });
}
