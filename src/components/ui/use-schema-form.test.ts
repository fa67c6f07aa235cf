/**
 * The shared form behaviour (decision 0017): an error under a field goes when that field is edited,
 * even to another wrong value, and comes back on the next submit. Run on react-hook-form's own
 * form control (what useForm wraps), with the options and the watcher useSchemaForm installs.
 */
import { createFormControl } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { emailField, requiredText } from "~/lib/fields";
import {
  type CheckedValues,
  clearErrorsOnEdit,
  rememberChecked,
  schemaFormOptions,
} from "./use-schema-form";

const schema = z.object({
  email: emailField(),
  name: requiredText("Name", 20),
  tags: z.array(requiredText("tag", 10)).check(z.minLength(1, "Add a tag")),
});
type Values = z.input<typeof schema>;

function makeForm(defaultValues: Values, withWatcher = true) {
  // As useSchemaForm wires it: the resolver remembers what it checked, the watcher compares.
  const checked: CheckedValues = { current: undefined };
  const options = schemaFormOptions(schema, { defaultValues });
  const form = createFormControl<Values, unknown, z.output<typeof schema>>({
    ...options,
    resolver: rememberChecked(options.resolver!, checked),
  });
  const stop = withWatcher ? clearErrorsOnEdit(form as never, checked) : () => {};
  const fields = {
    email: form.register("email"),
    name: form.register("name"),
  };
  const edit = (name: "email" | "name", value: string) =>
    fields[name].onChange({ target: { name, value }, type: "change" });
  const submit = async () => {
    let sent: unknown = null;
    await form.handleSubmit((values) => {
      sent = values;
    })();
    return sent;
  };
  const error = (name: string) =>
    (form.getFieldState(name as "email").error as { message?: string } | undefined)?.message;
  return { form, edit, submit, error, stop };
}

describe("useSchemaForm's behaviour", () => {
  it("an error goes on edit (even to another invalid value) and comes back on the next submit", async () => {
    const { edit, submit, error } = makeForm({ email: "asha@", name: "Asha", tags: ["a"] });
    expect(await submit()).toBeNull();
    expect(error("email")).toBe("Invalid email");

    await edit("email", "asha@x");
    expect(error("email")).toBeUndefined();

    expect(await submit()).toBeNull();
    expect(error("email")).toBe("Invalid email");

    await edit("email", "asha@example.com");
    expect(error("email")).toBeUndefined();
    expect(await submit()).toEqual({ email: "asha@example.com", name: "Asha", tags: ["a"] });
  });

  it("a change event that leaves the value as it was checked keeps the error (React's replay after hydration)", async () => {
    const { edit, submit, error } = makeForm({ email: "asha@", name: "Asha", tags: ["a"] });
    expect(await submit()).toBeNull();
    await edit("email", "asha@");
    expect(error("email")).toBe("Invalid email");
    await edit("email", "asha@x");
    expect(error("email")).toBeUndefined();
  });

  it("editing one field leaves the other fields' errors in place", async () => {
    const { edit, submit, error } = makeForm({ email: "", name: "\u200B", tags: ["a"] });
    await submit();
    expect(error("email")).toBe("Email is required");
    expect(error("name")).toBe("Name is required");
    await edit("email", "a");
    expect(error("email")).toBeUndefined();
    expect(error("name")).toBe("Name is required");
  });

  it("a server's message placed under a field goes on edit too", async () => {
    const { form, edit, error } = makeForm({ email: "a@b.in", name: "Asha", tags: ["a"] });
    form.setError("name", { type: "server", message: "name: taken" });
    await edit("name", "Asha V");
    expect(error("name")).toBeUndefined();
  });

  it("a list's own message goes when one of its items is edited", async () => {
    const { form, submit, error } = makeForm({ email: "a@b.in", name: "Asha", tags: [] });
    await submit();
    expect(error("tags")).toBe("Add a tag");
    await form.register("tags.0").onChange({
      target: { name: "tags.0", value: "blue" },
      type: "change",
    });
    expect(error("tags")).toBeUndefined();
  });

  it("(without the watcher, react-hook-form keeps the old message: the check can fail)", async () => {
    const { edit, submit, error } = makeForm({ email: "asha@", name: "Asha", tags: ["a"] }, false);
    await submit();
    await edit("email", "asha@x");
    expect(error("email")).toBe("Invalid email");
  });
});
