/** The kind's own settings of one field in the owner's editor (PersonalisationFieldsEditor). */
import {
  PHOTO_SHAPES,
  SHOP_FONTS,
  TEXT_SCRIPTS,
  type PersonalisationField,
} from "./personalisation";
import { SCRIPT_LABELS } from "./field-drafts";

const input = "rounded-lg border border-gray-300 px-2 py-1 text-sm disabled:bg-gray-50";
const small = "rounded-lg border border-gray-300 px-2 py-1 text-xs hover:bg-gray-50";

export default function KindSettings({
  field,
  disabled,
  onPatch,
}: {
  field: PersonalisationField;
  disabled?: boolean;
  onPatch(patch: Partial<PersonalisationField>): void;
}) {
  if (field.kind === "text")
    return (
      <div className="flex flex-wrap items-center gap-3 text-xs">
        <label className="flex items-center gap-1">
          Max length
          <input
            className={`${input} w-20`}
            type="number"
            min={1}
            max={200}
            value={field.maxLength}
            disabled={disabled}
            onChange={(e) => onPatch({ maxLength: Number(e.target.value) })}
          />
        </label>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={field.multiline}
            disabled={disabled}
            onChange={(e) => onPatch({ multiline: e.target.checked })}
          />
          Several lines
        </label>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={field.preview}
            disabled={disabled}
            onChange={(e) => onPatch({ preview: e.target.checked })}
          />
          Show in the preview
        </label>
        {TEXT_SCRIPTS.map((script) => (
          <label key={script} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={field.scripts.includes(script)}
              disabled={disabled}
              onChange={(e) =>
                onPatch({
                  scripts: e.target.checked
                    ? [...field.scripts, script]
                    : field.scripts.filter((s) => s !== script),
                })
              }
            />
            {SCRIPT_LABELS[script]}
          </label>
        ))}
      </div>
    );
  if (field.kind === "choice")
    return (
      <div className="space-y-1 text-xs">
        {field.options.map((option, i) => (
          <div key={i} className="flex flex-wrap items-center gap-2">
            <input
              className={input}
              aria-label="Option label"
              value={option.label}
              disabled={disabled}
              onChange={(e) =>
                onPatch({
                  options: field.options.map((o, j) =>
                    j === i ? { ...o, label: e.target.value } : o,
                  ),
                })
              }
            />
            <input
              className={`${input} w-24`}
              aria-label="Swatch colour"
              placeholder="#c9a227"
              value={option.swatch}
              disabled={disabled}
              onChange={(e) =>
                onPatch({
                  options: field.options.map((o, j) =>
                    j === i ? { ...o, swatch: e.target.value } : o,
                  ),
                })
              }
            />
            <select
              className={input}
              aria-label="Font"
              value={option.font}
              disabled={disabled}
              onChange={(e) =>
                onPatch({
                  options: field.options.map((o, j) =>
                    j === i ? { ...o, font: e.target.value } : o,
                  ),
                })
              }
            >
              <option value="">No font</option>
              {SHOP_FONTS.map((font) => (
                <option key={font.id} value={font.id}>
                  {font.label}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={small}
              disabled={disabled || field.options.length === 1}
              onClick={() => onPatch({ options: field.options.filter((_, j) => j !== i) })}
            >
              Remove option
            </button>
          </div>
        ))}
        <button
          type="button"
          className={small}
          disabled={disabled}
          onClick={() =>
            onPatch({
              options: [
                ...field.options,
                { label: `Option ${field.options.length + 1}`, swatch: "", font: "" },
              ],
            })
          }
        >
          Add an option
        </button>
      </div>
    );
  if (field.kind === "date")
    return (
      <label className="flex items-center gap-1 text-xs">
        <input
          type="checkbox"
          checked={field.notFuture}
          disabled={disabled}
          onChange={(e) => onPatch({ notFuture: e.target.checked })}
        />
        Not in the future
      </label>
    );
  return (
    <div className="flex flex-wrap items-center gap-3 text-xs">
      <label className="flex items-center gap-1">
        Most photos
        <input
          className={`${input} w-16`}
          type="number"
          min={1}
          max={10}
          value={field.maxPhotos}
          disabled={disabled}
          onChange={(e) => onPatch({ maxPhotos: Number(e.target.value) })}
        />
      </label>
      <label className="flex items-center gap-1">
        Smallest (px)
        <input
          className={`${input} w-20`}
          type="number"
          min={0}
          aria-label="Smallest width (px)"
          value={field.minWidth}
          disabled={disabled}
          onChange={(e) => onPatch({ minWidth: Number(e.target.value) })}
        />
        ×
        <input
          className={`${input} w-20`}
          type="number"
          min={0}
          aria-label="Smallest height (px)"
          value={field.minHeight}
          disabled={disabled}
          onChange={(e) => onPatch({ minHeight: Number(e.target.value) })}
        />
      </label>
      <label className="flex items-center gap-1">
        Crop
        <select
          className={input}
          value={field.shape}
          disabled={disabled}
          onChange={(e) => onPatch({ shape: e.target.value as (typeof PHOTO_SHAPES)[number] })}
        >
          {PHOTO_SHAPES.map((shape) => (
            <option key={shape} value={shape}>
              {shape}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1">
        Aspect (width ÷ height)
        <input
          className={`${input} w-20`}
          type="number"
          step="0.1"
          min={0.2}
          max={5}
          value={field.aspect}
          disabled={disabled}
          onChange={(e) => onPatch({ aspect: Number(e.target.value) })}
        />
      </label>
    </div>
  );
}
