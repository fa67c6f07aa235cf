/**
 * "Your data" on /my-profile (docs/decisions/0101-data-rights.md, DPDP Act 2023): download
 * everything the shop keeps about you as JSON, withdraw consent, raise a grievance, delete the
 * account (reviews kept as "A customer" or removed, as chosen; typed DELETE to confirm).
 */
import { useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  Field,
  FormError,
  TextField,
  inputClass,
  primaryButton,
  secondaryButton,
} from "~/components/ui/form-fields";
import { showServerErrors } from "~/components/ui/form-errors";
import { showToast } from "~/components/ui/toast-store";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import {
  deleteAccountSchema,
  grievanceSchema,
  type DeleteAccountInput,
  type GrievanceInput,
} from "./privacy";
import { deleteMyAccount, downloadMyData, sendGrievance, withdrawConsent } from "./privacy-client";

const failed = (title: string) => (error: unknown) =>
  showToast({
    type: "error",
    title,
    message: error instanceof Error ? error.message : String(error),
  });

function Grievance() {
  const hydrated = useHydrated();
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm(grievanceSchema);
  const onValid = async (values: GrievanceInput) => {
    try {
      showToast({ type: "success", title: await sendGrievance(values) });
      reset({ message: "" });
    } catch (error) {
      if (!showServerErrors(error, setError, ["message"])) failed("Grievance not sent")(error);
    }
  };
  return (
    <form
      onSubmit={handleSubmit(onValid)}
      noValidate
      className="space-y-3"
      aria-label="Raise a grievance"
    >
      <Field label="Raise a grievance" error={formState.errors.message?.message}>
        {({ inputId, errorId, invalid }) => (
          <textarea
            id={inputId}
            rows={3}
            maxLength={4000}
            aria-invalid={invalid}
            aria-describedby={invalid ? errorId : undefined}
            className={inputClass}
            {...register("message")}
          />
        )}
      </Field>
      <button
        type="submit"
        className={secondaryButton}
        disabled={formState.isSubmitting || !hydrated}
      >
        Send to the grievance officer
      </button>
    </form>
  );
}

function DeleteAccount() {
  const hydrated = useHydrated();
  const { register, handleSubmit, setError, formState } = useSchemaForm(deleteAccountSchema, {
    defaultValues: { reviews: "keep", confirm: "" },
  });
  const { errors, isSubmitting } = formState;
  const onValid = async (values: DeleteAccountInput) => {
    try {
      await deleteMyAccount(values);
    } catch (error) {
      if (!showServerErrors(error, setError, ["reviews", "confirm"]))
        setError("root.server", {
          type: "server",
          message: error instanceof Error ? error.message : String(error),
        });
    }
  };
  return (
    <form
      onSubmit={handleSubmit(onValid)}
      noValidate
      className="space-y-3"
      aria-label="Delete my account"
      data-delete-account
    >
      <p className="text-sm text-ink-700">
        Deleting removes your sign-in and your name, phone, email and addresses from the shop.
        Orders, invoices and payments are kept as the law requires, without your name.
      </p>
      <fieldset className="space-y-1 text-sm text-ink-700">
        <legend className="font-medium">Your reviews</legend>
        <label className="flex items-center gap-2">
          <input type="radio" value="keep" {...register("reviews")} /> Keep them, shown as "A
          customer"
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" value="remove" {...register("reviews")} /> Remove them
        </label>
      </fieldset>
      <TextField
        label="Type DELETE to confirm"
        autoComplete="off"
        {...register("confirm")}
        error={errors.confirm?.message}
      />
      <FormError message={errors.root?.server?.message} />
      <button
        type="submit"
        className={`${primaryButton} bg-red-700 hover:bg-red-800`}
        disabled={isSubmitting || !hydrated}
      >
        Delete my account
      </button>
    </form>
  );
}

export default function DataRights() {
  const [busy, setBusy] = useState(false);
  // Every control looks disabled until its script works (decision 0211).
  const hydrated = useHydrated();
  const run = (title: string, job: () => Promise<unknown>) => async () => {
    setBusy(true);
    try {
      const message = await job();
      if (typeof message === "string") showToast({ type: "success", title: message });
    } catch (error) {
      failed(title)(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-8" data-data-rights>
      <div className="space-y-3">
        <p className="text-sm text-ink-700">
          What the shop keeps about you and why:{" "}
          <a href="/privacy" className="text-amber-800 underline">
            the privacy notice
          </a>
          .
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={`${secondaryButton} w-auto`}
            disabled={busy || !hydrated}
            onClick={run("Download failed", downloadMyData)}
          >
            Download my data
          </button>
          <button
            type="button"
            className={`${secondaryButton} w-auto`}
            disabled={busy || !hydrated}
            onClick={run("Consent not withdrawn", withdrawConsent)}
          >
            Withdraw consent
          </button>
        </div>
      </div>
      <Grievance />
      <DeleteAccount />
    </div>
  );
}
