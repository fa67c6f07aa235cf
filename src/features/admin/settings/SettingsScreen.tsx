/**
 * The Settings screen (/admin/settings, owner only; docs/product.md §Settings): one panel per
 * settings section, listed in settings-panels.ts, each loading and saving its own section.
 */
import ScreenLoader from "~/features/admin/shell/ScreenLoader";
import { SETTINGS_PANELS } from "./settings-panels";

export default function SettingsScreen() {
  return (
    <div className="space-y-6" data-settings-screen>
      <h1 className="text-3xl text-ink-900">Settings</h1>
      {SETTINGS_PANELS.length > 1 && (
        <nav aria-label="Settings sections" className="flex flex-wrap gap-2 text-sm">
          {SETTINGS_PANELS.map(({ key, title }) => (
            <a key={key} href={`#settings-${key}`} className="rounded-full bg-cream-100 px-3 py-1">
              {title}
            </a>
          ))}
        </nav>
      )}
      {SETTINGS_PANELS.map(({ key, title, load }) => (
        <section
          key={key}
          id={`settings-${key}`}
          aria-labelledby={`settings-${key}-title`}
          className="space-y-4 rounded-3xl border border-cream-200 bg-white/85 p-5"
          data-settings-panel={key}
        >
          <h2 id={`settings-${key}-title`} className="text-xl text-ink-900">
            {title}
          </h2>
          <ScreenLoader load={load} props={{}} />
        </section>
      ))}
    </div>
  );
}
