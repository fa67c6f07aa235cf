/**
 * Styles the shopper's choices decide (a swatch colour, a font) set through the CSS object model
 * after render: the page's Content-Security-Policy refuses inline `style` attributes in the
 * server-rendered HTML (docs/decisions/0012-security-headers.md), not styles set from script.
 */
import { useEffect, useRef } from "react";

type Styles = Partial<Record<"fontFamily" | "color" | "background", string>>;

export function useStyle<T extends HTMLElement>(styles: Styles) {
  const ref = useRef<T>(null);
  const key = JSON.stringify(styles);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    for (const [name, value] of Object.entries(JSON.parse(key) as Styles))
      el.style[name as keyof Styles] = value ?? "";
  }, [key]);
  return ref;
}
