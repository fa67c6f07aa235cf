/** New fields for the owner's editor (PersonalisationFieldsEditor): sensible defaults per kind. */
import type { FieldKind, PersonalisationField, TextScript } from "./personalisation";

export const SCRIPT_LABELS: Record<TextScript, string> = {
  latin: "English letters",
  devanagari: "Hindi letters",
  digits: "Digits",
  punctuation: "Punctuation",
};

/** An id not yet in the list: "name", "name-2"... from the kind. */
function freeId(kind: FieldKind, list: readonly PersonalisationField[]): string {
  const taken = new Set(list.map((f) => f.id));
  for (let n = 1; ; n++) {
    const id = n === 1 ? kind : `${kind}-${n}`;
    if (!taken.has(id)) return id;
  }
}

export function newField(
  kind: FieldKind,
  list: readonly PersonalisationField[],
): PersonalisationField {
  const base = { id: freeId(kind, list), help: "", required: false, price: 0 };
  if (kind === "text")
    return {
      ...base,
      kind,
      label: "Name",
      required: true,
      maxLength: 30,
      multiline: false,
      scripts: ["latin", "devanagari", "punctuation"],
      preview: true,
    };
  if (kind === "choice")
    return {
      ...base,
      kind,
      label: "Colour",
      options: [
        { label: "Gold", swatch: "#c9a227", font: "" },
        { label: "Silver", swatch: "#c0c0c0", font: "" },
      ],
    };
  if (kind === "date") return { ...base, kind, label: "Date", notFuture: false };
  return {
    ...base,
    kind,
    label: "Photo",
    maxPhotos: 1,
    minWidth: 800,
    minHeight: 800,
    shape: "rectangle",
    aspect: 1,
  };
}
