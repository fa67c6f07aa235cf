/**
 * The business section's fields (docs/decisions/0083), over the schema the server checks
 * (business-settings.schema.ts, decision 0064). The portal gives no tax rate as advice: the owner's
 * accountant decides the HSN codes and rates.
 */
import { FormError, SelectField, TextField, primaryButton } from "~/components/ui/form-fields";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { INDIAN_STATE_NAMES } from "~/lib/india-states";
import {
  type BusinessSettings,
  type BusinessSettingsInput,
  businessSettingsSchema,
} from "~/features/books/business-settings.schema";
import { REGISTRATION_NOTES } from "~/features/books/supply-rules";
import { rateOptions, staleRateWarning } from "~/features/books/gst-rates";
import LogoField from "./LogoField";

const STATES = INDIAN_STATE_NAMES.map((name) => ({ value: name, label: name }));
const KINDS = [
  { value: "regular", label: "Regular (tax invoices)" },
  { value: "composition", label: "Composition (bills of supply)" },
  { value: "unregistered", label: "Not registered (receipts)" },
];

interface Props {
  initial: BusinessSettings;
  onSave(value: BusinessSettings): Promise<void>;
}

export default function BusinessForm({ initial, onSave }: Props) {
  const form = useSchemaForm<BusinessSettingsInput, BusinessSettings>(businessSettingsSchema, {
    defaultValues: initial,
  });
  const { register, formState } = form;
  const e = formState.errors;
  const busy = formState.isSubmitting;
  const staleRate = staleRateWarning(form.watch("defaultGstRate") ?? null, new Date());

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSave)}
      className="grid gap-4 sm:grid-cols-2"
      data-business-form
    >
      <TextField label="Legal name" error={e.legalName?.message} {...register("legalName")} />
      <TextField
        label="Trading name"
        required
        error={e.tradingName?.message}
        {...register("tradingName")}
      />
      <TextField
        label="Address line 1"
        error={e.address?.address1?.message}
        {...register("address.address1")}
      />
      <TextField
        label="Address line 2"
        error={e.address?.address2?.message}
        {...register("address.address2")}
      />
      <TextField label="City" error={e.address?.city?.message} {...register("address.city")} />
      <SelectField
        label="State"
        options={STATES}
        placeholder="Choose a state"
        error={e.address?.state?.message}
        {...register("address.state")}
      />
      <TextField
        label="PIN code"
        inputMode="numeric"
        error={e.address?.zipCode?.message}
        {...register("address.zipCode")}
      />
      <SelectField
        label="Registration"
        options={KINDS}
        error={e.registration?.message}
        {...register("registration")}
      />
      <p className="text-sm text-ink-600 sm:col-span-2" data-registration-note>
        {REGISTRATION_NOTES[form.watch("registration") ?? "unregistered"]}
      </p>
      <TextField
        label="GSTIN"
        autoCapitalize="characters"
        maxLength={15}
        error={e.gstin?.message}
        {...register("gstin")}
      />
      <TextField
        label="PAN"
        autoCapitalize="characters"
        maxLength={10}
        error={e.pan?.message}
        {...register("pan")}
      />
      <TextField
        label="Invoice prefix"
        required
        maxLength={3}
        error={e.invoicePrefix?.message}
        {...register("invoicePrefix")}
      />
      <TextField
        label="Credit note prefix"
        required
        maxLength={3}
        error={e.creditNotePrefix?.message}
        {...register("creditNotePrefix")}
      />
      <TextField
        label="Support email"
        type="email"
        required
        error={e.supportEmail?.message}
        {...register("supportEmail")}
      />
      <TextField
        label="Support phone"
        type="tel"
        error={e.supportPhone?.message}
        {...register("supportPhone")}
      />
      <TextField
        label="Default HSN code"
        required
        inputMode="numeric"
        error={e.defaultHsn?.message}
        {...register("defaultHsn")}
      />
      <SelectField
        label="Default GST rate"
        options={rateOptions(initial.defaultGstRate, new Date())}
        error={e.defaultGstRate?.message}
        {...register("defaultGstRate", { valueAsNumber: true })}
      />
      {staleRate && (
        <p className="text-sm text-amber-800 sm:col-span-2" data-stale-rate>
          {staleRate}
        </p>
      )}
      <LogoField
        url={form.watch("logoUrl") ?? ""}
        error={e.logoUrl?.message}
        disabled={busy}
        onChange={(url) => form.setValue("logoUrl", url, { shouldDirty: true })}
      />
      <TextField
        label="Authorised signatory's name"
        error={e.signatoryName?.message}
        {...register("signatoryName")}
      />
      <TextField
        label="Signatory's designation"
        placeholder="e.g. Partner, Proprietor"
        error={e.signatoryDesignation?.message}
        {...register("signatoryDesignation")}
      />
      <LogoField
        kind="signature"
        url={form.watch("signatureUrl") ?? ""}
        error={e.signatureUrl?.message}
        disabled={busy}
        onChange={(url) => form.setValue("signatureUrl", url, { shouldDirty: true })}
      />
      <p className="text-sm text-ink-600 sm:col-span-2">
        Every invoice, bill of supply, receipt and note prints "Authorised signatory" under your
        legal name, with the name, designation and signature image given here.
      </p>
      <div className="text-sm sm:col-span-2">
        <p className="text-ink-800">
          Prices include GST: <strong>Yes</strong>
        </p>
        <p className="text-ink-600">
          Fixed: retail prices in India must include all taxes, and shoppers pay the prices the shop
          shows.
        </p>
      </div>
      <p className="text-sm text-ink-600 sm:col-span-2">
        Changes apply to invoices issued from now on; issued invoices never change.
      </p>
      <p className="text-sm text-ink-600 sm:col-span-2">
        The trading name, support email and support phone show on the shop and in its mails as soon
        as you save.
      </p>
      <div className="sm:col-span-2">
        <FormError message={e.root?.message} />
        <button type="submit" disabled={busy} className={`${primaryButton} sm:w-auto`}>
          {busy ? "Saving…" : "Save settings"}
        </button>
      </div>
    </form>
  );
}
