/**
 * The owner's quote editor (docs/decisions/0045-custom-work-quotes.md): title, description, price
 * (rupees), the shipping estimate (the standard weight rates or a figure), the dispatch window, the
 * stage list (custom or varmala), a reference image (the portal's upload) and the expiry date.
 * Saves a draft, or revises a sent quote. react-hook-form over quote-editor.ts's resolver (decision
 * 0017): every problem shows under its field, named as the field is labelled.
 */
import { useId } from "react";
import type { FieldErrors } from "react-hook-form";
import { useClearOnEditForm } from "~/components/ui/use-schema-form";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { QuoteJson } from "~/features/custom/quotes";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import ImageUpload from "~/features/admin/uploads/ImageUpload";
import PersonalisationProductPicker from "./PersonalisationProductPicker";
import {
  dispatchDaysFor,
  emptyQuoteForm,
  formFromQuote,
  QUOTE_LABELS,
  quoteBodyOf,
  quoteResolver,
  SHIPPING_MODES,
  type QuoteForm,
} from "./quote-editor";
import { createQuoteDraft, reviseQuote, saveQuoteDraft } from "./quotes-client";

interface Props {
  inquiryId: string;
  /** A draft to edit, or a sent quote to revise; none for a new draft. */
  quote?: QuoteJson;
  onSaved: (quote: QuoteJson, link?: string) => void;
}

const input =
  "mt-1 block w-full min-w-0 rounded-xl border border-cream-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-400";
const label = "block text-sm font-medium text-ink-700";

type TextName = Exclude<
  keyof QuoteForm,
  "shippingMode" | "stageSet" | "referenceImage" | "personalisationProductId"
>;

export default function QuoteEditor({ inquiryId, quote, onSaved }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const { register, handleSubmit, watch, setValue, getValues, formState } =
    useClearOnEditForm<QuoteForm>({
      resolver: quoteResolver,
      defaultValues: quote ? formFromQuote(quote) : emptyQuoteForm(),
    });
  const { errors, isSubmitting: busy } = formState;
  const revising = quote?.status === "sent";
  const shippingMode = watch("shippingMode");
  const referenceImage = watch("referenceImage");
  const personalisationProductId = watch("personalisationProductId");

  async function onValid(values: QuoteForm) {
    const checked = quoteBodyOf(values);
    if (!checked.ok) return;
    try {
      if (revising) {
        const answer = await reviseQuote(quote!.id, checked.body);
        onSaved(answer.quote, answer.link);
      } else if (quote) onSaved(await saveQuoteDraft(quote.id, checked.body));
      else onSaved(await createQuoteDraft(inquiryId, checked.body));
    } catch (error) {
      showPortalError(error, "The quote was not saved");
    }
  }

  /** The piece chosen: a dispatch window that does not fit it becomes the piece's usual one. */
  function onPiece() {
    const days = dispatchDaysFor(getValues("stageSet"), getValues());
    if (!days) return;
    setValue("dispatchMinDays", days.dispatchMinDays);
    setValue("dispatchMaxDays", days.dispatchMaxDays);
  }

  function onInvalid(found: FieldErrors<QuoteForm>) {
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  }

  /** A labelled text input with its message under it. */
  const text = (
    name: TextName,
    extra: { inputMode?: "decimal" | "numeric"; type?: string } = {},
  ) => (
    <div>
      <label className={label} htmlFor={`${id}-${name}`}>
        {QUOTE_LABELS[name]}
      </label>
      <input
        id={`${id}-${name}`}
        className={input}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        disabled={busy}
        {...extra}
        {...register(name)}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700" data-field-error>
          {errors[name]?.message}
        </p>
      )}
    </div>
  );

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      className="space-y-4 rounded-3xl border border-cream-200 bg-white/85 p-5"
      data-quote-editor
    >
      {text("title")}
      <div>
        <label className={label} htmlFor={`${id}-description`}>
          {QUOTE_LABELS.description}
        </label>
        <textarea
          id={`${id}-description`}
          className={input}
          rows={4}
          maxLength={4000}
          disabled={busy}
          {...register("description")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {text("price", { inputMode: "decimal" })}
        <div>
          <label className={label} htmlFor={`${id}-shippingMode`}>
            {QUOTE_LABELS.shippingMode}
          </label>
          <select
            id={`${id}-shippingMode`}
            className={input}
            disabled={busy}
            {...register("shippingMode")}
          >
            {SHIPPING_MODES.map((mode) => (
              <option key={mode.value} value={mode.value}>
                {mode.label}
              </option>
            ))}
          </select>
        </div>
        {shippingMode === "weight"
          ? text("shippingWeight", { inputMode: "decimal" })
          : text("shippingEstimate", { inputMode: "decimal" })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label className={label} htmlFor={`${id}-stageSet`}>
            {QUOTE_LABELS.stageSet}
          </label>
          <select
            id={`${id}-stageSet`}
            className={input}
            disabled={busy}
            {...register("stageSet", { onChange: onPiece })}
          >
            <option value="custom">Custom piece (5-20 days)</option>
            <option value="varmala">Varmala (20+ days)</option>
          </select>
        </div>
        {text("expiresAt", { type: "date" })}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("dispatchMinDays", { inputMode: "numeric" })}
        {text("dispatchMaxDays", { inputMode: "numeric" })}
      </div>
      <PersonalisationProductPicker
        id={`${id}-personalisationProductId`}
        label={QUOTE_LABELS.personalisationProductId}
        value={personalisationProductId}
        disabled={busy}
        onChange={(productId) => setValue("personalisationProductId", productId)}
      />
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <ImageUpload
            label={QUOTE_LABELS.referenceImage}
            alertOnFailure={false}
            disabled={busy}
            onUploaded={(url) => setValue("referenceImage", url)}
          />
        </div>
        {referenceImage && (
          <img
            src={referenceImage}
            alt="Reference"
            className="h-16 w-16 rounded-lg border border-cream-200 object-cover"
          />
        )}
      </div>
      <button
        type="submit"
        className="rounded-full bg-ink-900 px-6 py-2.5 text-sm font-semibold text-cream-50 disabled:opacity-50"
        disabled={!hydrated || busy}
        data-save-quote
      >
        {revising ? "Send revised quote" : quote ? "Save draft" : "Create draft"}
      </button>
    </form>
  );
}
