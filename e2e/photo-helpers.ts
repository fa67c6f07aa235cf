/**
 * A photo field's steps in the browser (docs/decisions/0262, 0264, 0286): a plain JPEG made with
 * sharp, chosen in the field, cropped with "Use this crop", and its thumbnail loaded; answers the
 * thumbnail's address. Also the plain PNGs the owner's upload steps choose.
 */
import type { Locator } from "@playwright/test";
import sharp from "sharp";
import { expect } from "./fixtures";

/** A plain PNG of one colour (a mock-up, a parcel's or a stage's photo, a category image). */
export const plainPng = (
  width: number,
  height: number,
  background: string | { r: number; g: number; b: number },
) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

export const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

/** Chooses a `width` × `height` photo in `field`, crops it, waits for its thumbnail: its src. */
export async function cropAndUpload(
  field: Locator,
  label: string,
  width: number,
  height: number,
): Promise<string> {
  await field.locator('input[type="file"]').setInputFiles({
    name: "photo.jpg",
    mimeType: "image/jpeg",
    buffer: await picture(width, height),
  });
  await expect(field.locator("[data-photo-crop]")).toBeVisible();
  await field.getByRole("button", { name: "Use this crop" }).click();
  const thumb = field.getByRole("img", { name: `Chosen for ${label}` });
  await expect(thumb).toBeVisible();
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  return (await thumb.getAttribute("src"))!;
}
