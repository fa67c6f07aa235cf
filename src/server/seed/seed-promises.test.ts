/**
 * The demo catalogue promises only what the shop can take (docs/decisions/0211-early-input-and-honest-texts.md):
 * until product pages take photos, a product made from the customer's photo says to email it with
 * the order number, and a frame's photo window is for a print she slips in herself.
 */
import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "./catalogue-data";
import { PHOTO_BY_EMAIL } from "./products/shared";

/** Text that has the studio use the customer's own photo. */
const USES_HER_PHOTO =
  /\byour (favourite |wedding |travel )*(photo|photograph|picture)\b|\bphoto\b[^.]*\byou send\b/i;

describe("the demo catalogue's photo promises", () => {
  it("every product made from her photo says how to send it; no frame promises to hold her photograph", () => {
    const photoProducts = SEED_PRODUCTS.filter((p) => USES_HER_PHOTO.test(p.description));
    for (const p of photoProducts) expect(p.description, p.id).toContain(PHOTO_BY_EMAIL);
    const frames = SEED_PRODUCTS.filter((p) => p.tags.includes("photo frame"));
    expect(frames.length).toBeGreaterThan(3);
    for (const p of frames) expect(p.description, p.id).not.toMatch(USES_HER_PHOTO);
    expect(photoProducts.map((p) => p.id)).toEqual(
      expect.arrayContaining(["photo-resin-block", "baby-footprint-keepsake-frame"]),
    );
  });
});
