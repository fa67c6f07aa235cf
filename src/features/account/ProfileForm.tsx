/**
 * Manage profile (/my-profile, docs/product.md §2, §5): firstName, lastName, phone, gender, dateOfBirth
 * editable (profileSchema, the same schema PUT /v2/users/profile parses), email read-only.
 * 'Missing Fields' when one is blank; 'Profile updated!' or 'Error!' - 'Failed to update profile.'
 * (a 400's own message shows on the form too).
 */
import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import type { FieldErrors } from "react-hook-form";
import { FormError, SelectField, TextField, primaryButton } from "~/components/ui/form-fields";
import { hasBlankField, showServerErrors } from "~/components/ui/form-errors";
import Spinner from "~/components/ui/Spinner";
import { showToast } from "~/components/ui/toast-store";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { GENDER_OPTIONS, LIMITS, todayIso, type User } from "./account";
import { fetchMe, saveProfile } from "./account-client";
import { profileSchema, type ProfileFormValues, type ProfileInput } from "./account.schema";
import { $user, hydrateUser, initSession } from "./session-store";

const toValues = (u: User | null): ProfileFormValues => ({
  firstName: u?.firstName ?? "",
  lastName: u?.lastName ?? "",
  phone: u?.phone ?? "",
  gender: u?.gender ?? "",
  dateOfBirth: u?.dateOfBirth ?? "",
});
const FIELDS = Object.keys(toValues(null));

/** docs/product.md §5 Profile save: a blank field is the 'Missing Fields' toast (each message also shows under its field). */
function onInvalid(errors: FieldErrors): void {
  if (hasBlankField(errors))
    showToast({
      type: "warning",
      title: "Missing Fields",
      message: "All fields marked with * are required.",
    });
}

interface Props {
  /** The record loaded by the page on the server (null when it has none yet). */
  initialUser: User | null;
}

export default function ProfileForm({ initialUser }: Props) {
  const hydrated = useHydrated();
  const user = useStore($user);
  // No defaultValues: the server rendered the inputs with the record's values (defaultValue), and
  // edits made before hydration are kept. reset() loads a record that arrives later.
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm(profileSchema);
  const { errors, isSubmitting: busy } = formState;
  const initial = toValues(initialUser);

  useEffect(() => {
    initSession();
    if (initialUser) {
      hydrateUser(initialUser);
      return;
    }
    fetchMe()
      .then((u) => reset(toValues(u)))
      .catch(() =>
        showToast({ type: "error", title: "Error!", message: "Failed to load your profile." }),
      );
  }, [initialUser, reset]);

  async function onValid(values: ProfileInput) {
    try {
      await saveProfile(values);
      showToast({ type: "success", title: "Profile updated!" });
    } catch (error) {
      showServerErrors(error, setError, FIELDS);
      showToast({ type: "error", title: "Error!", message: "Failed to update profile." });
    }
  }

  const field = (name: keyof ProfileFormValues) => ({
    ...register(name),
    defaultValue: initial[name],
    error: errors[name]?.message,
  });
  const email = user?.email ?? initialUser?.email ?? "";
  return (
    <form
      noValidate
      method="post"
      onSubmit={handleSubmit(onValid, onInvalid)}
      className="relative space-y-5"
      aria-busy={busy}
      aria-label="Profile"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          required
          autoComplete="given-name"
          maxLength={LIMITS.name}
          readOnly={busy}
          {...field("firstName")}
        />
        <TextField
          label="Last name"
          required
          autoComplete="family-name"
          maxLength={LIMITS.name}
          readOnly={busy}
          {...field("lastName")}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        value={email}
        readOnly
        aria-readonly="true"
        title="Your email cannot be changed here"
      />
      <TextField
        label="Phone number"
        required
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={LIMITS.phone}
        readOnly={busy}
        {...field("phone")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {/* A select has no readOnly: disabled while saving (the values were read before). */}
        <SelectField
          label="Gender"
          required
          options={GENDER_OPTIONS}
          placeholder="Select gender"
          disabled={busy}
          {...field("gender")}
        />
        <TextField
          label="Date of birth"
          required
          type="date"
          max={todayIso()}
          min="1900-01-01"
          readOnly={busy}
          {...field("dateOfBirth")}
        />
      </div>
      <FormError message={errors.root?.server?.message} />
      <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={busy || !hydrated}>
        {busy ? <Spinner size="sm" label="Saving" /> : null}
        {busy ? "Saving..." : "Save Profile"}
      </button>
    </form>
  );
}
