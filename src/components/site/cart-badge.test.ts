import { describe, expect, it } from "vitest";
import { paintCount } from "./cart-badge";

/** A tiny stand-in for the nav's markup: badges and cart buttons. */
function nav() {
  const badges = [0, 1].map(() => ({ textContent: "", hidden: false }));
  const attributes = new Map<string, string>();
  const buttons = [{ setAttribute: (name: string, value: string) => attributes.set(name, value) }];
  const root = {
    querySelectorAll: (selector: string) => (selector === "[data-cart-count]" ? badges : buttons),
  } as unknown as ParentNode;
  return { root, badges, label: () => attributes.get("aria-label") };
}

describe("cart badge", () => {
  it("shows the count on every badge and names it on the cart buttons", () => {
    const { root, badges, label } = nav();
    paintCount(3, root);
    expect(badges.map((b) => [b.textContent, b.hidden])).toEqual([
      ["3", false],
      ["3", false],
    ]);
    expect(label()).toBe("Cart, 3 items");
    paintCount(1, root);
    expect(label()).toBe("Cart, 1 item");
  });

  it("hides the badge at 0 and caps the text at 99+", () => {
    const { root, badges } = nav();
    paintCount(0, root);
    expect(badges[0]!.hidden).toBe(true);
    paintCount(150, root);
    expect(badges[0]).toEqual({ textContent: "99+", hidden: false });
  });
});
