/**
 * Accessible tabs without a framework (WAI-ARIA tabs pattern, automatic activation):
 * click or Left/Right/Home/End moves the selection; `#{tabId}` in the URL picks the first tab
 * shown and choosing a tab updates the hash without adding history entries.
 */
export function startTabs(root: HTMLElement): void {
  const tabs = [...root.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  if (tabs.length === 0) return;

  const select = (tab: HTMLButtonElement, { focus = false, updateHash = true } = {}) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute("aria-selected", String(on));
      t.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(t.getAttribute("aria-controls") ?? "");
      if (panel) panel.hidden = !on;
    }
    if (focus) tab.focus();
    if (updateHash && tab.dataset.tab)
      history.replaceState(history.state, "", `#${tab.dataset.tab}`);
  };

  tabs.forEach((tab, i) => {
    tab.addEventListener("click", () => select(tab));
    tab.addEventListener("keydown", (event) => {
      const last = tabs.length - 1;
      const to =
        event.key === "ArrowRight"
          ? i === last
            ? 0
            : i + 1
          : event.key === "ArrowLeft"
            ? i === 0
              ? last
              : i - 1
            : event.key === "Home"
              ? 0
              : event.key === "End"
                ? last
                : -1;
      const target = tabs[to];
      if (!target) return;
      event.preventDefault();
      select(target, { focus: true });
    });
  });

  const fromHash = () => {
    const wanted = tabs.find((t) => t.dataset.tab === location.hash.slice(1));
    if (wanted) select(wanted, { updateHash: false });
  };
  fromHash();
  window.addEventListener("hashchange", fromHash);
}
