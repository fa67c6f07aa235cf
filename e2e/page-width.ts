/** How wide a page's document is, and which element sticks out furthest: the message of a width check. */
import type { Page } from "@playwright/test";

export interface PageWidth {
  /** The document's scroll width in CSS px. */
  width: number;
  /** The innermost element reaching furthest right, as `tag.class "text"`, or "" when none sticks out. */
  widest: string;
}

export function pageWidth(page: Page, limit: number): Promise<PageWidth> {
  return page.evaluate((limit) => {
    let widest: Element | null = null;
    let right = limit;
    // Inside a screen-reader-only box (Tailwind's sr-only: absolute, 1 px, overflow hidden) nothing
    // is painted, whatever its box says: a table's sr-only header row is not a page that sticks out.
    const clipped = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.position === "absolute" && style.overflow === "hidden" && at.clientWidth <= 1)
          return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll("*")) {
      const edge = element.getBoundingClientRect().right + window.scrollX;
      // ">=" keeps the innermost of nested elements that end at the same edge.
      if (edge > limit + 0.5 && edge >= right && !clipped(element)) {
        right = edge;
        widest = element;
      }
    }
    const label = (element: Element) => {
      const classes = (element.getAttribute("class") ?? "").trim().split(/\s+/).slice(0, 4);
      const text = (element.textContent ?? "").trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${classes.map((c) => (c ? `.${c}` : "")).join("")} "${text}" ends at ${Math.round(right)} px`;
    };
    return {
      width: document.documentElement.scrollWidth,
      widest: widest ? label(widest) : "",
    };
  }, limit);
}
