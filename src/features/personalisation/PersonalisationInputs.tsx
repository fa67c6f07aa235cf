/**
 * The product page's personalisation fields, under the variant picker (decision 0229), with the
 * preview box of the text fields marked "Show in the preview" (decision 0230). Controlled: the
 * product page keeps the values and the errors (checkValues, the one schema the server uses too).
 * Photo fields: PhotoFieldInput (choose, crop, private upload; decisions 0262, 0264).
 */
import { useId } from "react";
import PhotoFieldInput from "./PhotoFieldInput";
import {
  fontCss,
  type ChoiceField,
  type PersonalisationField,
  type PersonalisationValues,
} from "./personalisation";
import { useStyle } from "./use-style";

interface Props {
  fields: readonly PersonalisationField[];
  values: PersonalisationValues;
  errors: Record<string, string>;
  onChange(id: string, value: string | string[]): void;
  /** The product whose photo fields upload (absent: photos are shown, not added). */
  productId?: string;
  /** On a quote's page: its link's token, where the photo fields upload (decision 0286). */
  quoteToken?: string;
}

const control =
  "rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm focus:border-amber-700 focus:outline-none focus:ring-2 focus:ring-amber-700/30";

export default function PersonalisationInputs({
  fields,
  values,
  errors,
  onChange,
  productId,
  quoteToken,
}: Props) {
  const target = quoteToken ? { quoteToken } : productId ? { productId } : undefined;
  const ids = useId();
  if (fields.length === 0) return null;
  const text = (id: string) => {
    const value = values[id];
    return typeof value === "string" ? value : "";
  };
  return (
    <fieldset className="flex flex-col gap-4" data-personalisation>
      <legend className="mb-2 text-lg font-semibold">Personalise it</legend>
      <PreviewBox fields={fields} values={values} />
      {fields.map((field) => {
        const inputId = `${ids}-${field.id}`;
        const error = errors[field.id];
        const describedBy = [field.help && `${inputId}-help`, error && `${inputId}-error`]
          .filter(Boolean)
          .join(" ");
        const common = {
          id: inputId,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy || undefined,
        };
        return (
          <div key={field.id} className="flex flex-col gap-1" data-field={field.id}>
            <label htmlFor={inputId} className="text-sm font-medium">
              {field.label}
              {field.required ? "" : " (optional)"}
              {field.price > 0 && (
                <span className="font-normal text-stone-600">
                  {" "}
                  (+₹{(field.price / 100).toLocaleString("en-IN")})
                </span>
              )}
            </label>
            {field.help && (
              <p id={`${inputId}-help`} className="text-xs text-stone-600">
                {field.help}
              </p>
            )}
            {field.kind === "text" &&
              (field.multiline ? (
                <textarea
                  {...common}
                  rows={3}
                  className={control}
                  value={text(field.id)}
                  onChange={(e) => onChange(field.id, e.target.value)}
                />
              ) : (
                <input
                  {...common}
                  className={control}
                  value={text(field.id)}
                  onChange={(e) => onChange(field.id, e.target.value)}
                />
              ))}
            {field.kind === "choice" && (
              <ChoiceSelect
                field={field}
                common={common}
                value={text(field.id)}
                onChange={(v) => onChange(field.id, v)}
              />
            )}
            {field.kind === "date" && (
              <input
                {...common}
                type="date"
                className={control}
                value={text(field.id)}
                onChange={(e) => onChange(field.id, e.target.value)}
              />
            )}
            {field.kind === "photo" && (
              <PhotoFieldInput
                field={field}
                target={target}
                inputId={inputId}
                describedBy={describedBy || undefined}
                value={Array.isArray(values[field.id]) ? (values[field.id] as string[]) : []}
                onChange={(ids) => onChange(field.id, ids)}
              />
            )}
            {error && (
              <p id={`${inputId}-error`} className="text-sm text-red-700" role="alert">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

function ChoiceSelect({
  field,
  common,
  value,
  onChange,
}: {
  field: ChoiceField;
  common: Record<string, unknown>;
  value: string;
  onChange(value: string): void;
}) {
  const chosen = field.options.find((o) => o.label === value);
  const swatch = useStyle<HTMLSpanElement>({ background: chosen?.swatch ?? "" });
  return (
    <div className="flex items-center gap-2">
      <select
        {...common}
        className={control}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choose…</option>
        {field.options.map((option) => (
          <option key={option.label} value={option.label}>
            {option.label}
          </option>
        ))}
      </select>
      {chosen?.swatch && (
        <span
          aria-hidden="true"
          className="inline-block h-6 w-6 rounded-full ring-1 ring-stone-300"
          ref={swatch}
        />
      )}
    </div>
  );
}

/**
 * The preview box (decision 0230): the texts marked for preview, drawn as typed in the chosen
 * font and colour (the first choice with a font, the first with a swatch).
 */
function PreviewBox({
  fields,
  values,
}: {
  fields: readonly PersonalisationField[];
  values: PersonalisationValues;
}) {
  const texts = fields.filter((f) => f.kind === "text" && f.preview);
  let font = "";
  let colour = "";
  for (const field of fields) {
    if (field.kind !== "choice") continue;
    const option = field.options.find((o) => o.label === values[field.id]);
    if (option?.font && !font) font = option.font;
    if (option?.swatch && !colour) colour = option.swatch;
  }
  const lettering = useStyle<HTMLDivElement>({
    fontFamily: fontCss(font),
    color: colour || "#f5e6b8",
  });
  if (texts.length === 0) return null;
  const lines = texts.map((f) =>
    typeof values[f.id] === "string" ? (values[f.id] as string) : "",
  );
  const empty = lines.every((line) => line.trim() === "");
  return (
    <figure
      className="rounded-2xl bg-stone-800 p-6 text-center shadow-inner"
      data-personalisation-preview
    >
      <div
        aria-live="polite"
        className="min-h-16 whitespace-pre-line break-words font-serif text-3xl text-[#f5e6b8]"
        ref={lettering}
      >
        {empty ? (
          <span className="opacity-50">{texts[0]!.label}</span>
        ) : (
          lines.filter(Boolean).join("\n")
        )}
      </div>
      <figcaption className="mt-2 text-xs text-stone-300">
        Preview: the piece is made by hand, so the final lettering may differ slightly.
      </figcaption>
    </figure>
  );
}
