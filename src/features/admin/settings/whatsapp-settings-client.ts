/** The Settings screen's WhatsApp calls (docs/whatsapp.md): keys are sent, never read back. */
import type { WhatsappSettingsAnswer } from "~/features/whatsapp/whatsapp-settings";
import { adminGet, adminPost, adminPut } from "~/features/admin/shell/admin-api";

export type { WhatsappSettingsAnswer };

const path = "/v2/admin/settings/whatsapp";

export function fetchWhatsappSettings(signal?: AbortSignal): Promise<WhatsappSettingsAnswer> {
  return adminGet<WhatsappSettingsAnswer>(path, { signal });
}

export function saveWhatsappSettings(
  version: number,
  settings: unknown,
): Promise<WhatsappSettingsAnswer> {
  return adminPut<WhatsappSettingsAnswer>(path, { version, settings });
}

/** "Send me a test": Meta's hello_world template to the owner's number, at once. */
export function sendWhatsappTest(phone: string): Promise<{ sent: true; messageId: string }> {
  return adminPost(`${path}/test`, { phone });
}
