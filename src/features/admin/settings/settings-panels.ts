/**
 * The Settings screen's panels, one per settings section (docs/decisions/0081): adding a section's
 * panel is one line here. Each panel is its own chunk, fetched when the screen shows
 * (shell/ScreenLoader, as the screens are), and loads and saves its own section through
 * settings-client.ts.
 */
import type { ScreenModule } from "~/features/admin/shell/ScreenLoader";

export interface SettingsPanel {
  /** The section's key (`/v2/admin/settings/{key}`; a panel that only shows, as feeds, has none), also the panel's anchor. */
  key: string;
  title: string;
  load: ScreenModule<Record<string, never>>;
}

export const SETTINGS_PANELS: readonly SettingsPanel[] = [
  { key: "business", title: "Business and tax", load: () => import("./BusinessPanel") },
  { key: "studio", title: "Studio", load: () => import("./StudioPanel") },
  { key: "shipping", title: "Shipping", load: () => import("./ShippingPanel") },
  { key: "privacy", title: "Privacy", load: () => import("./PrivacyPanel") },
  { key: "reviews", title: "Reviews", load: () => import("./ReviewsPanel") },
  { key: "feeds", title: "Product feeds", load: () => import("./FeedsPanel") },
  { key: "whatsapp", title: "WhatsApp", load: () => import("./WhatsappPanel") },
  { key: "team", title: "Team", load: () => import("~/features/admin/team/TeamPanel") },
  {
    key: "claims",
    title: "Damage claims",
    load: () => import("~/features/admin/claims/ClaimsPanel"),
  },
];
