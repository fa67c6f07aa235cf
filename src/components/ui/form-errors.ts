/**
 * Reading a form's errors (react-hook-form, decision 0017):
 *  - hasBlankField: a required field left blank or a select left unchosen (the forms whose docs/product.md §5
 *    rule is a 'Missing Fields' toast show it then, from handleSubmit's onInvalid).
 *  - showServerErrors: the server's 400 where the person sees it. Its message is "field: message"
 *    per problem, joined by "; " (describeZodError in src/server/http.ts); a problem naming a
 *    field of the form goes under that field, the rest to `root.server` (<FormError>).
 */
import type { FieldErrors } from "react-hook-form";
import { ApiError } from "~/lib/api-client";

/** True when a field failed as blank: minLength(1) ("too_small") or an enum without a choice. */
export function hasBlankField(errors: FieldErrors): boolean {
  return Object.values(errors).some((e) => e?.type === "too_small" || e?.type === "invalid_value");
}

// biome-ignore lint/suspicious/noExplicitAny: react-hook-form types each form's setError by its own field names
type SetError = (name: any, error: { type: string; message: string }) => void;

/** Splits a 400's message into the form's fields and the rest. */
export function splitServerMessage(
  message: string,
  fields: readonly string[],
): { field: string | null; message: string }[] {
  return message
    .split("; ")
    .filter(Boolean)
    .map((part) => {
      const match = /^([\w.]+): (.+)$/s.exec(part);
      return match && fields.includes(match[1]!)
        ? { field: match[1]!, message: match[2]! }
        : { field: null, message: part };
    });
}

/** True when `error` was a 400 and its message now shows on the form. */
export function showServerErrors(
  error: unknown,
  setError: SetError,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  const rest: string[] = [];
  for (const part of splitServerMessage(error.message, fields)) {
    if (part.field) setError(part.field, { type: "server", message: part.message });
    else rest.push(part.message);
  }
  if (rest.length > 0) setError("root.server", { type: "server", message: rest.join("; ") });
  return true;
}
