/**
 * The page's stylesheet is linked with media="print" so it does not block the first paint (the
 * page's own rules are inline: docs/decisions/0050-critical-css-per-page.md). Once it has loaded it
 * applies to the screen, for what scripts render later (drawers, dialogs, React states).
 */
export function applyDeferredStylesheet(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>("link[data-stylesheet]")) {
    if (link.sheet) link.media = "all";
    else link.addEventListener("load", () => (link.media = "all"), { once: true });
  }
}
