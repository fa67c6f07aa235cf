/**
 * The user menu of the top bar: a disclosure button and panel. Closes on an outside click,
 * on Escape (focus returns to the button) and when focus leaves it. Logout buttons
 * (`[data-logout]`) dispatch `window` CustomEvent("auth:logout"); the accounts work handles it.
 */
export function startUserMenu(root: ParentNode = document): void {
  for (const menu of root.querySelectorAll<HTMLElement>("[data-user-menu]")) {
    const button = menu.querySelector<HTMLButtonElement>("[data-user-menu-button]");
    const panel = menu.querySelector<HTMLElement>("[data-user-menu-panel]");
    if (!button || !panel || menu.dataset.ready) continue;
    menu.dataset.ready = "1";

    const setOpen = (open: boolean) => {
      panel.hidden = !open;
      button.setAttribute("aria-expanded", String(open));
    };
    button.addEventListener("click", () => setOpen(panel.hidden));
    document.addEventListener("pointerdown", (event) => {
      if (!panel.hidden && event.target instanceof Node && !menu.contains(event.target))
        setOpen(false);
    });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !panel.hidden) {
        setOpen(false);
        button.focus();
      }
    });
    menu.addEventListener("focusout", (event) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !menu.contains(next)) setOpen(false);
    });
    for (const logout of panel.querySelectorAll("[data-logout]")) {
      logout.addEventListener("click", () => {
        setOpen(false);
        window.dispatchEvent(new CustomEvent("auth:logout"));
      });
    }
  }
}
