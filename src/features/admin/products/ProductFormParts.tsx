/**
 * The product form's small parts (docs/product.md §2, §5): a label with the required mark, a
 * field's message, a rupee field, and the message of a list's error.
 */
import { useState } from "react";
import { inputClass } from "./products-ui";
import { paiseToField, rupeesFieldToPaise } from "./product-form";

/** The message of a field, of an array, or of an array's first bad element. */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const e = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof e.message === "string") return e.message;
  if (typeof e.root?.message === "string") return e.root.message;
  for (const value of Object.values(error)) {
    const found = messageOf(value);
    if (found) return found;
  }
  return undefined;
}

/** A label with the required mark outside it, so the control's name is the label alone. */
export function FieldLabel({
  htmlFor,
  text,
  required,
}: {
  htmlFor: string;
  text: string;
  required?: boolean | undefined;
}) {
  return (
    <div className="mb-1 flex items-baseline gap-1 text-sm font-medium text-ink-700">
      <label htmlFor={htmlFor}>{text}</label>
      {required && (
        <span aria-hidden="true" className="text-red-600">
          *
        </span>
      )}
    </div>
  );
}

/** A field's message under it (the schema's, or the server's placed by the form). */
export function FieldMessage({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <p className="mt-1 text-sm text-red-600" data-field-error>
      {message}
    </p>
  );
}

export function MoneyField({
  label,
  value,
  onChange,
  error,
  required,
  disabled,
}: {
  label: string;
  value: number;
  onChange(paise: number): void;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
}) {
  const [text, setText] = useState(() => paiseToField(value));
  const id = `money-${label.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <div>
      <FieldLabel htmlFor={id} text={label} required={required} />
      <input
        id={id}
        className={inputClass}
        type="number"
        min="0"
        step="0.01"
        inputMode="decimal"
        value={text}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          onChange(rupeesFieldToPaise(e.target.value));
        }}
      />
      <FieldMessage message={error} />
    </div>
  );
}
