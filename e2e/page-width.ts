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
    for (const element of document.body.querySelectorAll("*")) {
      const edge = element.getBoundingClientRect().right + window.scrollX;
      // ">=" keeps the innermost of nested elements that end at the same edge.
      if (edge > limit + 0.5 && edge >= right) {
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
