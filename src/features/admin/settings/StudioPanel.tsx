/**
 * The Settings screen's Studio panel (docs/decisions/0122-capacity-and-needed-by.md): the studio's
 * weekly capacity (pieces, or hours and hours per piece), working days and holidays, saved as the
 * settings section `studio` (409 when another window saved first), and the queue week by week.
 * Usage: <StudioPanel />.
 */
import { useState } from "react";
import { showToast } from "~/components/ui/toast-store";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import { LoadFailed } from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import StudioQueue from "~/features/admin/studio/StudioQueue";
import { fetchStudio, saveStudio, type StudioSection } from "~/features/admin/studio/studio-client";
import {
  studioForm,
  toForm,
  toStudio,
  type StudioForm,
} from "~/features/admin/studio/studio-form.schema";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const input =
  "mt-1 block w-full rounded-xl border border-cream-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-400";
const fieldError = "mt-1 text-sm text-red-700";

function StudioForm_({
  section,
  onSaved,
}: {
  section: StudioSection;
  onSaved(s: StudioSection): void;
}) {
  const form = useSchemaForm(studioForm, { defaultValues: toForm(section.value) });
  const errors = form.formState.errors;
  async function onSave(values: StudioForm) {
    try {
      onSaved(await saveStudio(toStudio(values), section.version));
      showToast({ type: "success", title: "Studio settings saved" });
    } catch (error) {
      showPortalError(error, "The studio settings were not saved");
    }
  }
  return (
    <form noValidate onSubmit={form.handleSubmit(onSave)} className="grid gap-3 sm:grid-cols-2">
      <label className="text-sm text-ink-800">
        Capacity counted in
        <select className={input} {...form.register("unit")}>
          <option value="pieces">Pieces per week</option>
          <option value="hours">Hours per week</option>
        </select>
      </label>
      <label className="text-sm text-ink-800">
        Capacity per week
        <input
          className={input}
          inputMode="decimal"
          aria-invalid={Boolean(errors.perWeek)}
          {...form.register("perWeek")}
        />
        {errors.perWeek && <span className={fieldError}>{errors.perWeek.message}</span>}
      </label>
      <label className="text-sm text-ink-800">
        Hours per piece (when counted in hours)
        <input
          className={input}
          inputMode="decimal"
          aria-invalid={Boolean(errors.hoursPerPiece)}
          {...form.register("hoursPerPiece")}
        />
        {errors.hoursPerPiece && <span className={fieldError}>{errors.hoursPerPiece.message}</span>}
      </label>
      <fieldset className="text-sm text-ink-800">
        <legend>Working days</legend>
        <span className="mt-1 flex flex-wrap gap-2">
          {DAYS.map((label, day) => (
            <label key={label} className="flex items-center gap-1">
              <input type="checkbox" value={String(day)} {...form.register("workDays")} />
              {label}
            </label>
          ))}
        </span>
        {errors.workDays && <span className={fieldError}>{errors.workDays.message}</span>}
      </fieldset>
      <label className="text-sm text-ink-800 sm:col-span-2">
        Holidays (one date a line, like 2026-12-25)
        <textarea
          className={input}
          rows={3}
          aria-invalid={Boolean(errors.holidays)}
          {...form.register("holidays")}
        />
        {errors.holidays && <span className={fieldError}>{errors.holidays.message}</span>}
      </label>
      <label className="text-sm text-ink-800 sm:col-span-2">
        Receiving address (where customers send their garlands; shown only to a buyer who ordered)
        <textarea
          className={input}
          rows={3}
          aria-invalid={Boolean(errors.receivingAddress)}
          {...form.register("receivingAddress")}
        />
        {errors.receivingAddress && (
          <span className={fieldError}>{errors.receivingAddress.message}</span>
        )}
      </label>
      <button
        type="submit"
        className="w-fit rounded-full bg-ink-900 px-5 py-2 text-sm font-semibold text-cream-50 disabled:opacity-50"
        disabled={form.formState.isSubmitting}
      >
        Save
      </button>
    </form>
  );
}

export default function StudioPanel() {
  const data = useScreenData((signal) => fetchStudio(signal), []);
  const [saves, setSaves] = useState(0);
  if (data.state === "loading" || data.state === "missing") return null;
  if (data.state === "failed")
    return (
      <LoadFailed
        text="The studio settings could not be loaded."
        detail={data.error}
        onRetry={data.retry}
      />
    );
  return (
    <section
      className="space-y-4 rounded-3xl border border-cream-200 bg-white/85 p-5"
      data-settings-panel="studio"
    >
      <p className="text-sm text-ink-600">
        A new order is promised for the later of its processing window and the day this queue
        reaches it.
      </p>
      <StudioForm_
        key={data.data.version}
        section={data.data}
        onSaved={(saved) => {
          data.update(() => saved);
          setSaves((n) => n + 1);
        }}
      />
      <h3 className="text-lg text-ink-900">Queue, week by week</h3>
      <StudioQueue refresh={saves} />
    </section>
  );
}
