/**
 * Every form's react-hook-form setup (decision 0017, docs/decisions/0064-form-pattern.md): the
 * form's zod/mini schema through zodResolver, checked when the form is submitted, and the
 * product's error behaviour: "An error under a field clears when that field is edited" (the
 * schema's message, or a server's placed by showServerErrors), and comes back on the next submit
 * if the value is still wrong. Nothing is checked while typing.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import {
  get,
  useForm,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from "react-hook-form";
import type { $ZodType } from "zod/v4/core";

export type SchemaFormOptions<Input extends FieldValues, Output extends FieldValues> = Omit<
  UseFormProps<Input, unknown, Output>,
  "resolver" | "mode" | "reValidateMode"
>;

/** useForm's options for a schema: validated on submit only, never re-validated on change. */
export function schemaFormOptions<Input extends FieldValues, Output extends FieldValues>(
  schema: $ZodType<Output, Input>,
  options: SchemaFormOptions<Input, Output> = {},
): UseFormProps<Input, unknown, Output> {
  return {
    ...options,
    resolver: zodResolver(schema),
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  };
}

type EditWatcher = Pick<UseFormReturn<FieldValues>, "watch" | "clearErrors" | "getFieldState">;

/** The values the last submit checked, kept by the form's resolver (see `rememberChecked`). */
export interface CheckedValues {
  current: FieldValues | undefined;
}

/**
 * Wraps a resolver so the values it checks are remembered: an error then clears only when its
 * field's value differs from what was checked. A change event that leaves the value as it was
 * (React replays one for every input typed into before the island hydrated, after a held early
 * submit has already been checked: docs/decisions/0077-first-paint-forms.md) is not an edit.
 */
export function rememberChecked<Input extends FieldValues, Output>(
  resolver: Resolver<Input, unknown, Output>,
  checked: CheckedValues,
): Resolver<Input, unknown, Output> {
  return (values, context, options) => {
    checked.current = structuredClone(values);
    return resolver(values, context, options);
  };
}

/**
 * Clears a field's error when the person edits it (any change event that changes the value: a
 * typed input, a select, a Controller's onChange), and the list-level message of the list it
 * belongs to ("variants" for "variants.0.name"). Returns the unsubscribe.
 */
export function clearErrorsOnEdit(form: EditWatcher, checked?: CheckedValues): () => void {
  const { unsubscribe } = form.watch((values, { name, type }) => {
    if (type !== "change" || !name) return;
    if (checked?.current && Object.is(get(values, name), get(checked.current, name))) return;
    if (form.getFieldState(name).error) form.clearErrors(name);
    const parts = name.split(".");
    for (let end = parts.length - 1; end > 0; end--) {
      const list = parts.slice(0, end).join(".");
      const error = form.getFieldState(list).error as
        | (Record<string, unknown> & { root?: unknown; message?: unknown })
        | undefined;
      if (!error) continue;
      if (error.root) form.clearErrors(`${list}.root`);
      // A message of the list itself (not only its items' messages) goes too.
      const onlyOwn = Object.keys(error).every((key) =>
        ["message", "type", "ref", "types"].includes(key),
      );
      if (typeof error.message === "string" && onlyOwn) form.clearErrors(list);
    }
  });
  return unsubscribe;
}

/** useForm over `schema` with the errors-clear-on-edit behaviour. */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues>(
  schema: $ZodType<Output, Input>,
  options: SchemaFormOptions<Input, Output> = {},
): UseFormReturn<Input, unknown, Output> {
  return useClearOnEditForm<Input, Output>(schemaFormOptions(schema, options));
}

/**
 * The same behaviour for a form whose resolver is not a plain schema (the quote editor turns
 * rupee text into paise before its schema): validated on submit, errors cleared on edit.
 */
export function useClearOnEditForm<Input extends FieldValues, Output extends FieldValues = Input>(
  options: Omit<UseFormProps<Input, unknown, Output>, "mode" | "reValidateMode">,
): UseFormReturn<Input, unknown, Output> {
  const checked = useRef<FieldValues | undefined>(undefined);
  const form = useForm<Input, unknown, Output>({
    ...options,
    resolver: options.resolver && rememberChecked(options.resolver, checked),
    mode: "onSubmit",
    reValidateMode: "onSubmit",
  });
  const { watch, clearErrors, getFieldState } = form;
  useEffect(
    () =>
      clearErrorsOnEdit({ watch, clearErrors, getFieldState } as unknown as EditWatcher, checked),
    [watch, clearErrors, getFieldState],
  );
  return form;
}
