/**
 * The product form's "Personalisation" section (decision 0229): the owner's ordered field list.
 * A controlled list (value/onChange, under the product form's Controller); the product schema
 * (fieldListInput) checks it on save, in the browser and on the server.
 */
import { useId } from "react";
import type { FieldKind, PersonalisationField } from "./personalisation";
import { newField } from "./field-drafts";
import KindSettings from "./FieldKindSettings";

interface Props {
  value: PersonalisationField[];
  onChange(next: PersonalisationField[]): void;
  disabled?: boolean;
  error?: string;
}

const input = "rounded-lg border border-gray-300 px-2 py-1 text-sm disabled:bg-gray-50";
const small = "rounded-lg border border-gray-300 px-2 py-1 text-xs hover:bg-gray-50";

export default function PersonalisationFieldsEditor({ value, onChange, disabled, error }: Props) {
  const baseId = useId();
  const update = (index: number, patch: Partial<PersonalisationField>) =>
    onChange(
      value.map((field, i) =>
        i === index ? ({ ...field, ...patch } as PersonalisationField) : field,
      ),
    );
  const move = (index: number, by: number) => {
    const next = [...value];
    const [field] = next.splice(index, 1);
    next.splice(index + by, 0, field!);
    onChange(next);
  };
  const add = (kind: FieldKind) => onChange([...value, newField(kind, value)]);

  return (
    <section aria-labelledby={`${baseId}-title`} className="space-y-3" data-personalisation-editor>
      <h3 id={`${baseId}-title`} className="text-base font-semibold">
        Personalisation
      </h3>
      <p className="text-sm text-gray-600">
        Fields the shopper fills in on the product page (a name, a colour, a date, their photos).
        The note box stays as it is.
      </p>
      <ol className="space-y-3">
        {value.map((field, index) => (
          <li
            key={field.id}
            className="space-y-2 rounded-xl border border-gray-200 p-3"
            data-field={field.id}
          >
            <div className="flex flex-wrap items-end gap-2">
              <label className="flex flex-col text-xs">
                Label ({field.kind})
                <input
                  className={input}
                  value={field.label}
                  disabled={disabled}
                  onChange={(e) => update(index, { label: e.target.value })}
                />
              </label>
              <label className="flex flex-col text-xs">
                Help line
                <input
                  className={input}
                  value={field.help}
                  disabled={disabled}
                  onChange={(e) => update(index, { help: e.target.value })}
                />
              </label>
              <label className="flex flex-col text-xs">
                Adds (₹)
                <input
                  className={`${input} w-24`}
                  type="number"
                  min={0}
                  step="0.01"
                  value={field.price / 100}
                  disabled={disabled}
                  onChange={(e) =>
                    update(index, { price: Math.round(Number(e.target.value) * 100) || 0 })
                  }
                />
              </label>
              <label className="flex items-center gap-1 text-xs">
                <input
                  type="checkbox"
                  checked={field.required}
                  disabled={disabled}
                  onChange={(e) => update(index, { required: e.target.checked })}
                />
                Required
              </label>
              <span className="ml-auto flex gap-1">
                <button
                  type="button"
                  className={small}
                  disabled={disabled || index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move ${field.label} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={small}
                  disabled={disabled || index === value.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move ${field.label} down`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={small}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  Remove
                </button>
              </span>
            </div>
            <KindSettings
              field={field}
              disabled={disabled}
              onPatch={(patch) => update(index, patch)}
            />
          </li>
        ))}
      </ol>
      {!disabled && (
        <div className="flex flex-wrap gap-2 text-sm">
          <span className="self-center text-gray-600">Add a field:</span>
          {(["text", "choice", "date", "photo"] as const).map((kind) => (
            <button key={kind} type="button" className={small} onClick={() => add(kind)}>
              {kind === "text"
                ? "Text"
                : kind === "choice"
                  ? "Choice"
                  : kind === "date"
                    ? "Date"
                    : "Photo"}
            </button>
          ))}
        </div>
      )}
      {error && (
        <p className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
