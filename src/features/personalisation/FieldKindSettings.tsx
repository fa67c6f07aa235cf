/**
 * The kind's own settings of one field in the owner's editor (PersonalisationFieldsEditor). Every
 * setting is one of three controls (a number, a check box, a select) patching one key of the field
 * or of one choice option, so each is written once below.
 */
import {
  PHOTO_SHAPES,
  SHOP_FONTS,
  TEXT_SCRIPTS,
  type PersonalisationField,
} from "./personalisation";
import type { ChoiceOption } from "~/lib/personalisation-types";
import { SCRIPT_LABELS } from "./field-drafts";

const input = "rounded-lg border border-gray-300 px-2 py-1 text-sm disabled:bg-gray-50";
const small = "rounded-lg border border-gray-300 px-2 py-1 text-xs hover:bg-gray-50";

interface Control<T> {
  value: T;
  disabled?: boolean;
  onChange(value: T): void;
}

interface Labelled {
  /** The control's name (aria-label); `text` is shown before it, the name when absent. */
  label: string;
  text?: string;
}

function NumberBox({
  label,
  text = label,
  width,
  ...props
}: Control<number> & Labelled & { width: string; min: number; max?: number; step?: string }) {
  return (
    <label className="flex items-center gap-1">
      {text}
      <input
        className={`${input} ${width}`}
        type="number"
        aria-label={label}
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
    </label>
  );
}

function Check({ label, ...props }: Control<boolean> & { label: string }) {
  return (
    <label className="flex items-center gap-1">
      <input
        type="checkbox"
        checked={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

function Choose<T extends string>({
  label,
  text = label,
  options,
  ...props
}: Control<T> & Labelled & { options: readonly { value: T; label: string }[] }) {
  return (
    <label className="flex items-center gap-1">
      {text}
      <select
        className={input}
        aria-label={label}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value as T)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const FONT_OPTIONS = [
  { value: "", label: "No font" },
  ...SHOP_FONTS.map((f) => ({ value: f.id, label: f.label })),
];
const SHAPE_OPTIONS = PHOTO_SHAPES.map((s) => ({ value: s, label: s }));

type Patch = (patch: Partial<PersonalisationField>) => void;

function ChoiceOptions({
  options,
  disabled,
  onPatch,
}: {
  options: ChoiceOption[];
  disabled?: boolean;
  onPatch: Patch;
}) {
  const setOption = (i: number, patch: Partial<ChoiceOption>) =>
    onPatch({ options: options.map((o, j) => (j === i ? { ...o, ...patch } : o)) });
  const text = (i: number, key: "label" | "swatch", label: string, extra = "") => (
    <input
      className={`${input} ${extra}`}
      aria-label={label}
      placeholder={key === "swatch" ? "#c9a227" : undefined}
      value={options[i]![key]}
      disabled={disabled}
      onChange={(e) => setOption(i, { [key]: e.target.value })}
    />
  );
  return (
    <div className="space-y-1 text-xs">
      {options.map((option, i) => (
        <div key={i} className="flex flex-wrap items-center gap-2">
          {text(i, "label", "Option label")}
          {text(i, "swatch", "Swatch colour", "w-24")}
          <Choose
            label="Font"
            text=""
            options={FONT_OPTIONS}
            value={option.font}
            disabled={disabled}
            onChange={(font) => setOption(i, { font })}
          />
          <button
            type="button"
            className={small}
            disabled={disabled || options.length === 1}
            onClick={() => onPatch({ options: options.filter((_, j) => j !== i) })}
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
            options: [...options, { label: `Option ${options.length + 1}`, swatch: "", font: "" }],
          })
        }
      >
        Add an option
      </button>
    </div>
  );
}

interface NumberSpec {
  setting: string;
  label: string;
  text?: string;
  width: string;
  min: number;
  max?: number;
  step?: string;
}
type CheckSpec = { setting: string; label: string };

/** Each kind's number and check-box settings (the kind's own key on the field). */
const NUMBERS: Record<PersonalisationField["kind"], NumberSpec[]> = {
  text: [{ setting: "maxLength", label: "Max length", width: "w-20", min: 1, max: 200 }],
  choice: [],
  date: [],
  photo: [
    { setting: "maxPhotos", label: "Most photos", width: "w-16", min: 1, max: 10 },
    {
      setting: "minWidth",
      label: "Smallest width (px)",
      text: "Smallest (px)",
      width: "w-20",
      min: 0,
    },
    { setting: "minHeight", label: "Smallest height (px)", text: "×", width: "w-20", min: 0 },
  ],
};
const CHECKS: Record<PersonalisationField["kind"], CheckSpec[]> = {
  text: [
    { setting: "multiline", label: "Several lines" },
    { setting: "preview", label: "Show in the preview" },
  ],
  choice: [],
  date: [{ setting: "notFuture", label: "Not in the future" }],
  photo: [],
};
const ASPECT: NumberSpec = {
  setting: "aspect",
  label: "Aspect (width ÷ height)",
  width: "w-20",
  min: 0.2,
  max: 5,
  step: "0.1",
};

export default function KindSettings({
  field,
  disabled,
  onPatch,
}: {
  field: PersonalisationField;
  disabled?: boolean;
  onPatch: Patch;
}) {
  if (field.kind === "choice")
    return <ChoiceOptions options={field.options} disabled={disabled} onPatch={onPatch} />;
  const read = field as unknown as Record<string, number | boolean>;
  const set = (key: string, value: number | boolean) =>
    onPatch({ [key]: value } as Partial<PersonalisationField>);
  const number = ({ setting, ...box }: NumberSpec) => (
    <NumberBox
      key={setting}
      {...box}
      value={read[setting] as number}
      disabled={disabled}
      onChange={(n) => set(setting, n)}
    />
  );
  return (
    <div className="flex flex-wrap items-center gap-3 text-xs">
      {NUMBERS[field.kind].map(number)}
      {CHECKS[field.kind].map((spec) => (
        <Check
          key={spec.setting}
          label={spec.label}
          value={read[spec.setting] as boolean}
          disabled={disabled}
          onChange={(on) => set(spec.setting, on)}
        />
      ))}
      {field.kind === "text" &&
        TEXT_SCRIPTS.map((script) => (
          <Check
            key={script}
            label={SCRIPT_LABELS[script]}
            value={field.scripts.includes(script)}
            disabled={disabled}
            onChange={(on) =>
              onPatch({
                scripts: on
                  ? [...field.scripts, script]
                  : field.scripts.filter((s) => s !== script),
              })
            }
          />
        ))}
      {field.kind === "photo" && (
        <>
          <Choose
            label="Crop"
            options={SHAPE_OPTIONS}
            value={field.shape}
            disabled={disabled}
            onChange={(shape) => onPatch({ shape })}
          />
          {number(ASPECT)}
        </>
      )}
    </div>
  );
}
