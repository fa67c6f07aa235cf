/**
 * The types of personalisation (docs/decisions/0229-personalisation-fields.md), one definition
 * shared by the database schema, the server and the browser (as variant-choice.ts is); the rules
 * are src/features/personalisation/.
 */

export const FIELD_KINDS = ["text", "choice", "date", "photo"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** Character sets a text field may allow (space is always allowed). */
export const TEXT_SCRIPTS = ["latin", "devanagari", "digits", "punctuation"] as const;
export type TextScript = (typeof TEXT_SCRIPTS)[number];

export const PHOTO_SHAPES = ["rectangle", "square", "circle"] as const;
export type PhotoShape = (typeof PHOTO_SHAPES)[number];

/** Limits of a field list (the owner's form and the server refuse more). */
export const FIELD_LIMITS = {
  fields: 12,
  label: 60,
  help: 160,
  textMax: 200,
  options: 30,
  optionLabel: 60,
  photos: 10,
  pixels: 10000,
  /** Largest add-on price of one field, paise (₹10,000). */
  price: 1_000_000,
} as const;

interface FieldBase {
  /** Stable within the product: the key of the shopper's value. */
  id: string;
  label: string;
  help: string;
  required: boolean;
  /** Added to the line's unit price when the field is filled, paise. */
  price: number;
}

export interface TextField extends FieldBase {
  kind: "text";
  maxLength: number;
  multiline: boolean;
  scripts: TextScript[];
  /** Drawn in the product page's preview box as the shopper types. */
  preview: boolean;
}

export interface ChoiceOption {
  label: string;
  /** A swatch colour, "#rrggbb" ("" when none). */
  swatch: string;
  /** One of SHOP_FONTS' ids ("" when none). */
  font: string;
}

export interface ChoiceField extends FieldBase {
  kind: "choice";
  options: ChoiceOption[];
}

export interface DateField extends FieldBase {
  kind: "date";
  /** A date after today (India) is refused. */
  notFuture: boolean;
}

export interface PhotoField extends FieldBase {
  kind: "photo";
  maxPhotos: number;
  /** The smallest photo, in pixels, that prints well at the piece's size (0: any). */
  minWidth: number;
  minHeight: number;
  shape: PhotoShape;
  /** Width over height of the crop (1 for square and circle). */
  aspect: number;
}

export type PersonalisationField = TextField | ChoiceField | DateField | PhotoField;

/** What a shopper sent: field id -> text, option label, "YYYY-MM-DD", or photo upload ids. */
export type PersonalisationValues = Record<string, string | string[]>;

/** One filled field as a cart or order line keeps it: the label and value as they were chosen. */
export interface PersonalisedValue {
  id: string;
  label: string;
  kind: FieldKind;
  /** Text, option label or date; "" for a photo field. */
  value: string;
  /** Photo upload ids (photo fields only). */
  photos?: string[];
}
