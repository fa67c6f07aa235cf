/**
 * `client:touch`: an island that hydrates when a person comes to it, not on the page's first load
 * (docs/decisions/0225-islands-hydrate-when-touched.md). The server's HTML shows the island whole;
 * its JavaScript (React and the component) loads on the first pointer over it, a touch, a focus or
 * a key inside it, or the page's first scroll.
 *
 * A click on a button inside the island before React has taken it over would be lost, so it is held
 * (the default prevented) and clicked again once the island has hydrated. Fields, checkboxes and
 * labels work without React and are left alone. Not held either: a click on a link
 * (it goes where it points without waiting for React), and a submit of a form that holds its own
 * early submit and says it is getting ready (decision 0077).
 */
import type { ClientDirective } from "astro";

const WAKE = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;
const BUTTON = "button, [role='button'], [role='tab'], [role='switch'], [role='menuitem']";

const touch: ClientDirective = (load, _options, el) => {
  let state: "waiting" | "loading" | "done" = "waiting";
  let held: HTMLElement | null = null;
  let heldSubmit: HTMLFormElement | null = null;

  const hold = (event: Event) => {
    if (state === "done" || !(event.target instanceof Element)) return;
    // Only buttons need React; fields, checkboxes and labels work natively, links navigate.
    const target = event.target.closest<HTMLElement>(BUTTON);
    if (!target || target.closest("a[href]")) return;
    // A form that holds its own early submit (src/components/ui/early-submit.ts) says so itself.
    if (
      target.closest("form[data-early-submit]") &&
      (target as HTMLButtonElement).type === "submit"
    )
      return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
    void wake();
  };

  // Enter in a field submits natively (a GET with the form's fields): held like a click.
  const holdSubmit = (event: Event) => {
    const form = event.target;
    if (state === "done" || !(form instanceof HTMLFormElement)) return;
    if (form.matches("[data-early-submit]")) return;
    event.preventDefault();
    event.stopPropagation();
    heldSubmit = form;
    void wake();
  };

  const replay = (tries: number) => {
    const target = held;
    if (!target?.isConnected) {
      if (heldSubmit?.isConnected) heldSubmit.requestSubmit();
      heldSubmit = null;
      return;
    }
    // React enables what it disabled for the server's HTML in its first effects.
    if ((target as HTMLButtonElement).disabled && tries < 120) {
      requestAnimationFrame(() => replay(tries + 1));
      return;
    }
    held = null;
    target.click();
  };

  const wake = async () => {
    if (state !== "waiting") return;
    state = "loading";
    for (const type of WAKE) el.removeEventListener(type, wake, true);
    window.removeEventListener("scroll", wake);
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      state = "done";
      el.removeEventListener("click", hold, true);
      el.removeEventListener("submit", holdSubmit, true);
      // Two frames: React's hydration commits, then its effects run.
      requestAnimationFrame(() => requestAnimationFrame(() => replay(0)));
    }
  };

  for (const type of WAKE) el.addEventListener(type, wake, { capture: true, passive: true });
  el.addEventListener("click", hold, true);
  el.addEventListener("submit", holdSubmit, true);
  window.addEventListener("scroll", wake, { passive: true, once: true });
};

export default touch;

declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate on the first touch, pointer, focus, key or scroll (decision 0225). */
    "client:touch"?: boolean;
  }
}
