/**
 * The Settings screen's panels, one per settings section (docs/decisions/0081): adding a section's
 * panel is one line here. Each panel is its own lazily loaded chunk and loads and saves its own
 * section through settings-client.ts.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

export interface SettingsPanel {
  /** The section's key (`/v2/admin/settings/{key}`), also the panel's anchor. */
  key: string;
  title: string;
  Panel: LazyExoticComponent<ComponentType>;
}

export const SETTINGS_PANELS: readonly SettingsPanel[] = [
  { key: "business", title: "Business and tax", Panel: lazy(() => import("./BusinessPanel")) },
];
