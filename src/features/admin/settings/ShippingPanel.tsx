/**
 * The Settings screen's "Shipping" panel (its section and title come from SettingsScreen)
 * (docs/shipping.md, decision 0106): the provider (manual or Shiprocket) and how the courier is
 * chosen, the pickup address and PIN, the default package, Shiprocket's API user and the webhook
 * token (written, never shown: empty keeps the stored one), the webhook address to paste into
 * Shiprocket, and the manual zone table (ShippingForm.tsx). Loaded like a screen (decision 0052):
 * found, missing, or failed with Try again. Owner only; every save is checked on the server,
 * versioned and audited with the keys masked.
 */
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import ShippingForm from "./ShippingForm";
import { fetchShippingSettings } from "./shipping-settings-client";

export default function ShippingPanel() {
  const data = useScreenData((signal) => fetchShippingSettings(signal), []);
  return (
    <ScreenState
      data={data}
      loading="Loading the shipping settings"
      failed="The shipping settings could not be loaded."
    >
      {(stored) => <ShippingForm stored={stored} onSaved={(saved) => data.update(() => saved)} />}
    </ScreenState>
  );
}
