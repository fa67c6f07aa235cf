/**
 * The nameplate's personalisation fields (docs/decisions/0229-personalisation-fields.md), one
 * definition for the tests, the e2e specs and the Lighthouse bench: a required text field "Name on
 * the plate" drawn in the preview, an optional letter colour, an optional photo, and the bench's
 * and e2e's required photo. A case names what it reads in `overrides` (another id or label, a
 * shorter length).
 */
import type { ChoiceField, PhotoField, TextField } from "~/lib/personalisation-types";

export const textField = (overrides: Partial<TextField> = {}): TextField => ({
  id: "name",
  kind: "text",
  label: "Name on the plate",
  help: "As it should be lettered.",
  required: true,
  price: 0,
  maxLength: 30,
  multiline: false,
  scripts: ["latin", "devanagari", "punctuation"],
  preview: true,
  ...overrides,
});

/** The nameplate's name field. */
export const NAMEPLATE_NAME: TextField = textField();

/** An optional letter colour (Gold), ₹50 when chosen. */
export const choiceField = (overrides: Partial<ChoiceField> = {}): ChoiceField => ({
  id: "colour",
  kind: "choice",
  label: "Letter colour",
  help: "",
  required: false,
  price: 5000,
  options: [{ label: "Gold", swatch: "#c9a227", font: "" }],
  ...overrides,
});

/** An optional square photo of any size. */
export const photoField = (overrides: Partial<PhotoField> = {}): PhotoField => ({
  id: "photo",
  kind: "photo",
  label: "Your photo",
  help: "",
  required: false,
  price: 0,
  maxPhotos: 1,
  minWidth: 0,
  minHeight: 0,
  shape: "square",
  aspect: 1,
  ...overrides,
});

/** The nameplate's photo field, sized for a printed piece (the bench's and e2e's product). */
export const NAMEPLATE_PHOTO: PhotoField = photoField({
  help: "A clear photo, at least 800 × 600 pixels.",
  required: true,
  minWidth: 800,
  minHeight: 600,
  shape: "rectangle",
  aspect: 1.5,
});
