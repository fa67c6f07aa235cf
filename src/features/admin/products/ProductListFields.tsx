/**
 * The form's list editors (docs/product.md §2, §5): variants (name, value, additional price), attributes
 * (name, value) and tags (added with the button or the Enter key; no blanks, no duplicates).
 * Each takes the list and answers a new one; the form validates it with the shared schema.
 */
import { useId, useState, type KeyboardEvent } from "react";
import { formatInr } from "../../../lib/money";
import {
  addAttribute,
  addTag,
  addVariant,
  removeAt,
  rupeesFieldToPaise,
  type AttributeDraft,
  type VariantDraft,
} from "./product-form";
import { inputClass, labelClass, smallButton } from "./products-ui";

interface ListProps<T> {
  value: T[];
  onChange(next: T[]): void;
  disabled?: boolean;
  error?: string | undefined;
}

function FieldError({ error }: { error?: string | undefined }) {
  return error ? (
    <p className="mt-1 text-sm text-red-600" data-field-error>
      {error}
    </p>
  ) : null;
}

export function VariantsField({ value, onChange, disabled, error }: ListProps<VariantDraft>) {
  const id = useId();
  const [draft, setDraft] = useState({ name: "", value: "", price: "" });
  function add() {
    const next = addVariant(value, {
      name: draft.name,
      value: draft.value,
      price: draft.price.trim() ? rupeesFieldToPaise(draft.price) : 0,
    });
    if (!next) return;
    onChange(next);
    setDraft({ name: draft.name, value: "", price: "" });
  }
  return (
    <fieldset className="rounded-2xl border border-cream-300 p-4" data-variants>
      <legend className="px-1 text-sm font-semibold text-ink-900">Variants</legend>
      {value.length > 0 && (
        <ul className="mb-3 divide-y divide-cream-200">
          {value.map((v, i) => (
            <li
              key={`${v.name}-${v.value}-${i}`}
              className="flex items-center justify-between gap-3 py-2 text-sm"
              data-variant
            >
              <span>
                <span className="font-medium">{v.name}</span>: {v.value}{" "}
                <span className="text-ink-500">
                  (+{Number.isInteger(v.price) ? formatInr(v.price) : "?"})
                </span>
              </span>
              {!disabled && (
                <button
                  type="button"
                  className={smallButton}
                  onClick={() => onChange(removeAt(value, i))}
                  aria-label={`Remove variant ${v.name} ${v.value}`}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!disabled && (
        <div className="grid gap-2 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-end">
          <div>
            <label className={labelClass} htmlFor={`${id}-name`}>
              Variant name
            </label>
            <input
              id={`${id}-name`}
              className={inputClass}
              placeholder="Size"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          </div>
          <div>
            <label className={labelClass} htmlFor={`${id}-value`}>
              Variant value
            </label>
            <input
              id={`${id}-value`}
              className={inputClass}
              placeholder="A4"
              value={draft.value}
              onChange={(e) => setDraft({ ...draft, value: e.target.value })}
            />
          </div>
          <div>
            <label className={labelClass} htmlFor={`${id}-price`}>
              Additional price (₹)
            </label>
            <input
              id={`${id}-price`}
              className={inputClass}
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
              value={draft.price}
              onChange={(e) => setDraft({ ...draft, price: e.target.value })}
            />
          </div>
          <button type="button" className={smallButton} onClick={add}>
            Add Variant
          </button>
        </div>
      )}
      <FieldError error={error} />
    </fieldset>
  );
}

export function AttributesField({ value, onChange, disabled, error }: ListProps<AttributeDraft>) {
  const id = useId();
  const [draft, setDraft] = useState({ name: "", value: "" });
  function add() {
    const next = addAttribute(value, draft);
    if (!next) return;
    onChange(next);
    setDraft({ name: "", value: "" });
  }
  return (
    <fieldset className="rounded-2xl border border-cream-300 p-4" data-attributes>
      <legend className="px-1 text-sm font-semibold text-ink-900">Attributes</legend>
      {value.length > 0 && (
        <ul className="mb-3 divide-y divide-cream-200">
          {value.map((a, i) => (
            <li
              key={`${a.name}-${i}`}
              className="flex items-center justify-between gap-3 py-2 text-sm"
              data-attribute
            >
              <span>
                <span className="font-medium">{a.name}</span>: {a.value}
              </span>
              {!disabled && (
                <button
                  type="button"
                  className={smallButton}
                  onClick={() => onChange(removeAt(value, i))}
                  aria-label={`Remove attribute ${a.name}`}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!disabled && (
        <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div>
            <label className={labelClass} htmlFor={`${id}-name`}>
              Attribute name
            </label>
            <input
              id={`${id}-name`}
              className={inputClass}
              placeholder="Material"
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          </div>
          <div>
            <label className={labelClass} htmlFor={`${id}-value`}>
              Attribute value
            </label>
            <input
              id={`${id}-value`}
              className={inputClass}
              placeholder="Resin"
              value={draft.value}
              onChange={(e) => setDraft({ ...draft, value: e.target.value })}
            />
          </div>
          <button type="button" className={smallButton} onClick={add}>
            Add Attribute
          </button>
        </div>
      )}
      <FieldError error={error} />
    </fieldset>
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
      <FieldError error={error} />
    </fieldset>
  );
}
