/**
 * The owner's per-kind settings of a personalisation field (FieldKindSettings, decision 0229): each
 * kind renders its own controls, named, with the field's values, from one table of settings.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import KindSettings from "~/features/personalisation/FieldKindSettings";
import { newField } from "~/features/personalisation/field-drafts";
import type { PersonalisationField } from "~/lib/personalisation-types";

const render = (field: PersonalisationField) =>
  renderToStaticMarkup(KindSettings({ field, onPatch: () => {} }));

describe("FieldKindSettings", () => {
  it("text: max length, several lines, preview, the scripts", () => {
    const html = render({ ...newField("text", []), maxLength: 42 } as PersonalisationField);
    expect(html).toMatch(
      /aria-label="Max length"[^>]*value="42"|value="42"[^>]*aria-label="Max length"/,
    );
    for (const label of ["Several lines", "Show in the preview", "Hindi"])
      expect(html).toContain(label);
    expect(html).not.toContain("Most photos");
  });
  it("photo: most photos, smallest width and height, crop shape, aspect", () => {
    const html = render(newField("photo", []));
    for (const label of [
      'aria-label="Most photos"',
      'aria-label="Smallest width (px)"',
      'aria-label="Smallest height (px)"',
      'aria-label="Crop"',
      'aria-label="Aspect (width ÷ height)"',
      "Smallest (px)",
    ])
      expect(html).toContain(label);
  });
  it("date: not in the future; choice: one row per option with its font", () => {
    expect(render(newField("date", []))).toContain("Not in the future");
    const choice = render(newField("choice", []));
    expect(choice).toContain('aria-label="Option label"');
    expect(choice).toContain('aria-label="Font"');
    expect(choice).toContain("Add an option");
  });
});
