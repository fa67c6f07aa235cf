/**
 * The form's list editors (docs/product.md §2, §5): variants (name, value, additional price), attributes
 * (name, value) and tags (added with the button or the Enter key; no blanks, no duplicates).
 * Each takes the list and answers a new one; the form validates it with the shared schema.
 */
import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { formatInr } from "~/lib/money";
import {
  addAttribute,
  addTag,
  addVariant,
  removeAt,
  rupeesFieldToPaise,
  type AttributeDraft,
  type VariantDraft,
} from "./product-form";
import { FieldError } from "~/components/ui/form-fields";
import { inputClass, labelClass, smallButton } from "./products-ui";

interface ListProps<T> {
  value: T[];
  onChange(next: T[]): void;
  disabled?: boolean;
  error?: string | undefined;
}

interface DraftInput {
  key: string;
  label: string;
  placeholder?: string;
  /** The price input's attributes (type, min, step, inputMode). */
  number?: boolean;
}

interface PairListProps<T> extends ListProps<T> {
  /** "variant" or "attribute": the legend, labels, button and data attributes are named after it. */
  noun: "variant" | "attribute";
  inputs: readonly DraftInput[];
  /** The grid of the inputs' row (one column per input, and the button's). */
  columns: string;
  /** The list with the draft added, or null when the draft is not complete. */
  added(list: T[], draft: Record<string, string>): T[] | null;
  /** The draft's inputs after an add. */
  afterAdd(draft: Record<string, string>): Record<string, string>;
  describe(item: T): ReactNode;
  removeLabel(item: T): string;
  itemKey(item: T, index: number): string;
}

/** One list of name/value pairs (variants, attributes): the items with Remove, the inputs and Add. */
function PairListField<T>(props: PairListProps<T>) {
  const { value, onChange, disabled, error, noun, inputs } = props;
  const id = useId();
  const empty = Object.fromEntries(inputs.map((input) => [input.key, ""]));
  const [draft, setDraft] = useState<Record<string, string>>(empty);
  const Noun = noun === "variant" ? "Variant" : "Attribute";
  function add() {
    const next = props.added(value, draft);
    if (!next) return;
    onChange(next);
    setDraft(props.afterAdd(draft));
  }
  return (
    <fieldset className="rounded-2xl border border-cream-300 p-4" {...{ [`data-${noun}s`]: true }}>
      <legend className="px-1 text-sm font-semibold text-ink-900">{Noun}s</legend>
      {value.length > 0 && (
        <ul className="mb-3 divide-y divide-cream-200">
          {value.map((item, i) => (
            <li
              key={props.itemKey(item, i)}
              className="flex items-center justify-between gap-3 py-2 text-sm"
              {...{ [`data-${noun}`]: true }}
            >
              <span>{props.describe(item)}</span>
              {!disabled && (
                <button
                  type="button"
                  className={smallButton}
                  onClick={() => onChange(removeAt(value, i))}
                  aria-label={props.removeLabel(item)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!disabled && (
        <div className={`grid gap-2 ${props.columns} sm:items-end`}>
          {inputs.map((input) => (
            <div key={input.key}>
              <label className={labelClass} htmlFor={`${id}-${input.key}`}>
                {input.label}
              </label>
              <input
                id={`${id}-${input.key}`}
                className={inputClass}
                placeholder={input.placeholder}
                {...(input.number
                  ? { type: "number", min: "0", step: "0.01", inputMode: "decimal" as const }
                  : {})}
                value={draft[input.key] ?? ""}
                onChange={(e) => setDraft({ ...draft, [input.key]: e.target.value })}
              />
            </div>
          ))}
          <button type="button" className={smallButton} onClick={add}>
            Add {Noun}
          </button>
        </div>
      )}
      <FieldError message={error} />
    </fieldset>
  );
}

const VARIANT_INPUTS: readonly DraftInput[] = [
  { key: "name", label: "Variant name", placeholder: "Size" },
  { key: "value", label: "Variant value", placeholder: "A4" },
  { key: "price", label: "Additional price (₹)", number: true },
];

export function VariantsField(props: ListProps<VariantDraft>) {
  return (
    <PairListField
      {...props}
      noun="variant"
      inputs={VARIANT_INPUTS}
      columns="sm:grid-cols-[1fr_1fr_8rem_auto]"
      added={(list, d) =>
        addVariant(list, {
          name: d.name ?? "",
          value: d.value ?? "",
          price: d.price?.trim() ? rupeesFieldToPaise(d.price) : 0,
        })
      }
      afterAdd={(d) => ({ name: d.name ?? "", value: "", price: "" })}
      describe={(v) => (
        <>
          <span className="font-medium">{v.name}</span>: {v.value}{" "}
          <span className="text-ink-500">
            (+{Number.isInteger(v.price) ? formatInr(v.price) : "?"})
          </span>
        </>
      )}
      removeLabel={(v) => `Remove variant ${v.name} ${v.value}`}
      itemKey={(v, i) => `${v.name}-${v.value}-${i}`}
    />
  );
}

const ATTRIBUTE_INPUTS: readonly DraftInput[] = [
  { key: "name", label: "Attribute name", placeholder: "Material" },
  { key: "value", label: "Attribute value", placeholder: "Resin" },
];

export function AttributesField(props: ListProps<AttributeDraft>) {
  return (
    <PairListField
      {...props}
      noun="attribute"
      inputs={ATTRIBUTE_INPUTS}
      columns="sm:grid-cols-[1fr_1fr_auto]"
      added={(list, d) => addAttribute(list, { name: d.name ?? "", value: d.value ?? "" })}
      afterAdd={() => ({ name: "", value: "" })}
      describe={(a) => (
        <>
          <span className="font-medium">{a.name}</span>: {a.value}
        </>
      )}
      removeLabel={(a) => `Remove attribute ${a.name}`}
      itemKey={(a, i) => `${a.name}-${i}`}
    />
  );
}

export function TagsField({ value, onChange, disabled, error }: ListProps<string>) {
  const id = useId();
  const [draft, setDraft] = useState("");
  function add() {
    const next = addTag(value, draft);
    setDraft("");
    if (next) onChange(next);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault(); // Enter adds the tag; it never submits the form
    add();
  }
  return (
    <fieldset className="rounded-2xl border border-cream-300 p-4" data-tags>
      <legend className="px-1 text-sm font-semibold text-ink-900">Tags</legend>
      {value.length > 0 && (
        <ul className="mb-3 flex flex-wrap gap-2">
          {value.map((tag, i) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-cream-200 px-3 py-1 text-sm text-ink-900"
              data-tag
            >
              {tag}
              {!disabled && (
                <button
                  type="button"
                  className="ml-1 text-ink-500 hover:text-ink-900"
                  onClick={() => onChange(removeAt(value, i))}
                  aria-label={`Remove tag ${tag}`}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!disabled && (
        <div className="flex gap-2">
          <label className="sr-only" htmlFor={`${id}-tag`}>
            Tag
          </label>
          <input
            id={`${id}-tag`}
            className={inputClass}
            placeholder="Type a tag and press Enter"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className={smallButton} onClick={add}>
            Add Tag
          </button>
        </div>
      )}
      <FieldError message={error} />
    </fieldset>
  );
}
