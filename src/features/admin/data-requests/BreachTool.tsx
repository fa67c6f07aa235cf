/**
 * "Record a breach" on the Data requests screen (docs/privacy-breach.md, decision 0172; DPDP Rules
 * 2025 Rule 7): the window the breach lasted, then who it reaches (everyone whose account, order or
 * inquiry was made or changed in it), then what the notice says (Rule 7(1)(a)-(d); the grievance
 * officer is its contact). Recording queues one notice per person in the outbox; the same window
 * again mails no one twice. Telling the Board is the owner's step, by the runbook.
 */
import { useState } from "react";
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
  type AffectedPerson,
  type BreachForm,
  breachBodyOf,
  breachFormSchema,
} from "~/features/privacy/breach";
import { fetchAffectedPeople, recordBreach } from "./breach-client";

const TEXTS: { name: keyof BreachForm; label: string; hint: string }[] = [
  {
    name: "description",
    label: "What happened",
    hint: "Its nature and extent: what data, how many people, where.",
  },
  { name: "consequences", label: "What it may mean for them", hint: "The harm it may cause." },
  { name: "measures", label: "What the shop has done", hint: "And what it is still doing." },
  { name: "safety", label: "What they can do", hint: "Steps to protect themselves." },
];

export default function BreachTool() {
  const [open, setOpen] = useState(false);
  const [affected, setAffected] = useState<{ count: number; people: AffectedPerson[] } | null>(
    null,
  );
  const { register, handleSubmit, getValues, setError, formState } =
    useSchemaForm(breachFormSchema);
  const { errors, isSubmitting: busy } = formState;

  async function preview() {
    const { from, to } = getValues();
    if (!from || !to || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) {
      setError("from", { message: "Choose when it began and ended first" });
      return;
    }
    try {
      const window = breachBodyOf({ ...getValues(), from, to });
      setAffected(await fetchAffectedPeople({ from: window.from, to: window.to }));
    } catch (error) {
      showToast({ type: "error", title: "Could not list the people", message: String(error) });
    }
  }

  async function onValid(values: BreachForm) {
    try {
      const answer = await recordBreach(breachBodyOf(values));
      showToast({ type: answer.already ? "info" : "success", title: answer.message });
    } catch (error) {
      if (!showServerErrors(error, setError, TEXTS.map((t) => t.name).concat(["from", "to"])))
        showToast({
          type: "error",
          title: "Breach not recorded",
          message: error instanceof Error ? error.message : String(error),
        });
    }
  }

  if (!open)
    return (
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
        Record a breach
      </button>
    );
  return (
    <form
      onSubmit={handleSubmit(onValid)}
      noValidate
      aria-label="Record a breach"
      className="space-y-4 rounded-2xl border border-cream-300 bg-white p-5"
      data-breach-tool
    >
      <h2 className="text-xl text-ink-900">Record a breach</h2>
      <p className="text-sm text-ink-700">
        Everyone whose account, order or inquiry was made or changed in this window gets a notice by
        mail. For a breach of everything, start at the day the shop opened. Then tell the Data
        Protection Board within 72 hours (docs/privacy-breach.md).
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="It began"
          type="datetime-local"
          error={errors.from?.message}
          {...register("from")}
        />
        <TextField
          label="It ended (or was stopped)"
          type="datetime-local"
          error={errors.to?.message}
          {...register("to")}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={secondaryButton} onClick={() => void preview()}>
          Who does it reach?
        </button>
        {affected && (
          <p className="text-sm text-ink-700" data-breach-affected={affected.count}>
            {affected.count === 1 ? "1 person" : `${affected.count} people`}
            {affected.people.length > 0 &&
              `: ${affected.people.map((p) => p.email).join(", ")}${affected.people.length < affected.count ? ", ..." : ""}`}
          </p>
        )}
      </div>
      {TEXTS.map((text) => (
        <Field key={text.name} label={text.label} error={errors[text.name]?.message}>
          {({ inputId, errorId, invalid }) => (
            <textarea
              id={inputId}
              rows={3}
              maxLength={2000}
              placeholder={text.hint}
              aria-invalid={invalid}
              aria-describedby={invalid ? errorId : undefined}
              className={inputClass}
              {...register(text.name)}
            />
          )}
        </Field>
      ))}
      <FormError message={errors.root?.server?.message} />
      <div className="flex gap-3">
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? "Recording..." : "Record and mail the notices"}
        </button>
        <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </form>
  );
}
