/**
 * `client:touch`: an island that hydrates when a person comes to it, not on the page's first load
 * (docs/decisions/0225-islands-hydrate-when-touched.md). The server's HTML shows the island whole;
 * its JavaScript (React and the component) loads on the first pointer over it, a touch, a focus or
 * a key inside it, or the page's first scroll.
 *
 * A click inside the island before React has taken it over would be lost, so it is held (the
 * default prevented) and clicked again once the island has hydrated. Not held: a click on a link
 * (it goes where it points without waiting for React), and a submit of a form that holds its own
 * early submit and says it is getting ready (decision 0077).
 */
import type { ClientDirective } from "astro";

const WAKE = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;
const CLICKABLE = "button, input, select, textarea, label, summary, [role], [tabindex]";

const touch: ClientDirective = (load, _options, el) => {
  let state: "waiting" | "loading" | "done" = "waiting";
  let held: HTMLElement | null = null;

  const hold = (event: Event) => {
    if (state === "done" || !(event.target instanceof Element)) return;
    if (event.target.closest("a[href]")) return;
    const target = event.target.closest<HTMLElement>(CLICKABLE) ?? (event.target as HTMLElement);
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

  const replay = (tries: number) => {
    const target = held;
    if (!target?.isConnected) return;
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
      // Two frames: React's hydration commits, then its effects run.
      requestAnimationFrame(() => requestAnimationFrame(() => replay(0)));
    }
  };

  for (const type of WAKE) el.addEventListener(type, wake, { capture: true, passive: true });
  el.addEventListener("click", hold, true);
  window.addEventListener("scroll", wake, { passive: true, once: true });
};

export default touch;

declare module "astro" {
  interface AstroClientDirectives {
    /** Hydrate on the first touch, pointer, focus, key or scroll (decision 0225). */
    "client:touch"?: boolean;
  }
}
