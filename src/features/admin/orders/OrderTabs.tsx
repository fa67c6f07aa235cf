/** Accessible tabs (WAI-ARIA tabs pattern: arrow keys move between tabs) for the order detail. */
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

interface Props<K extends string> {
  tabs: readonly { key: K; label: string }[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}

export default function OrderTabs<K extends string>({
  tabs,
  selected,
  onSelect,
  children,
}: Props<K>) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const at = tabs.findIndex((tab) => tab.key === selected);

  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (at + step + tabs.length) % tabs.length;
    onSelect(tabs[next]!.key);
    refs.current[next]?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label="Order"
        className="flex flex-wrap gap-2 border-b border-cream-200"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              tab.key === selected
                ? "border-gold-500 text-ink-900"
                : "border-transparent text-ink-500 hover:text-ink-900"
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${selected}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus (WAI-ARIA tabs pattern)
        tabIndex={0}
        className="pt-6 outline-none"
      >
        {children}
      </div>
    </div>
  );
}
