/**
 * Manage profile (/my-profile, SPEC §2, §5): firstName, lastName, phone, gender, dateOfBirth
 * editable, email read-only. 'Missing Fields' when one is blank; 'Profile updated!' or
 * 'Error!' - 'Failed to update profile.'.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useState, type SubmitEvent } from "react";
import { showToast } from "../../components/ui/toast-store";
import Spinner from "../../components/ui/Spinner";
import { LIMITS, profileHasMissingFields, todayIso, type ProfileValues, type User } from "./account";
import { fetchMe, saveProfile } from "./account-client";
import { GENDER_OPTIONS, SelectField, TextField, fieldValue, primaryButton, useHydrated } from "./form-ui";
import { $user, hydrateUser, initSession } from "./session-store";

const toValues = (u: User | null): ProfileValues => ({
  firstName: u?.firstName ?? "",
  lastName: u?.lastName ?? "",
  phone: u?.phone ?? "",
  gender: u?.gender ?? "",
  dateOfBirth: u?.dateOfBirth ?? "",
});

interface Props {
  /** The record loaded by the page on the server (null when it has none yet). */
  initialUser: User | null;
}

export default function ProfileForm({ initialUser }: Props) {
  const hydrated = useHydrated();
  const user = useStore($user);
  // The inputs are uncontrolled (edits made before hydration are kept); `loaded` re-mounts them
  // with new defaults when the record arrives or is saved.
  const [loaded, setLoaded] = useState<{ values: ProfileValues; version: number }>(() => ({ values: toValues(initialUser), version: 0 }));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    initSession();
    if (initialUser) {
      hydrateUser(initialUser);
      return;
    }
    fetchMe()
      .then((u) => setLoaded((l) => ({ values: toValues(u), version: l.version + 1 })))
      .catch(() => showToast({ type: "error", title: "Error!", message: "Failed to load your profile." }));
  }, [initialUser]);

  const email = user?.email ?? initialUser?.email ?? "";

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const values: ProfileValues = {
      firstName: fieldValue(form, "firstName").trim(),
      lastName: fieldValue(form, "lastName").trim(),
      phone: fieldValue(form, "phone").trim(),
      gender: fieldValue(form, "gender"),
      dateOfBirth: fieldValue(form, "dateOfBirth"),
    };
    if (profileHasMissingFields(values)) {
      showToast({ type: "warning", title: "Missing Fields", message: "All fields marked with * are required." });
      return;
    }
    setBusy(true);
    try {
      await saveProfile(values);
      showToast({ type: "success", title: "Profile updated!" });
    } catch {
      showToast({ type: "error", title: "Error!", message: "Failed to update profile." });
    } finally {
      setBusy(false);
    }
  }

  const v = loaded.values;
  return (
    <form key={loaded.version} noValidate method="post" onSubmit={onSubmit} className="relative space-y-5" aria-busy={busy} aria-label="Profile">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" required name="firstName" autoComplete="given-name" maxLength={LIMITS.name} defaultValue={v.firstName} readOnly={busy} />
        <TextField label="Last name" required name="lastName" autoComplete="family-name" maxLength={LIMITS.name} defaultValue={v.lastName} readOnly={busy} />
      </div>
      <TextField label="Email" type="email" value={email} readOnly aria-readonly="true" title="Your email cannot be changed here" />
      <TextField label="Phone number" required name="phone" type="tel" autoComplete="tel" inputMode="tel" maxLength={LIMITS.phone} defaultValue={v.phone} readOnly={busy} />
      <div className="grid gap-5 sm:grid-cols-2">
        {/* A select has no readOnly: disabled while saving (the values were read before). */}
        <SelectField label="Gender" required name="gender" options={GENDER_OPTIONS} placeholder="Select gender" defaultValue={v.gender} disabled={busy} />
        <TextField label="Date of birth" required name="dateOfBirth" type="date" max={todayIso()} min="1900-01-01" defaultValue={v.dateOfBirth} readOnly={busy} />
      </div>
      <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={busy || !hydrated}>
        {busy ? <Spinner size="sm" label="Saving" /> : null}
        {busy ? "Saving..." : "Save Profile"}
      </button>
    </form>
  );
}
