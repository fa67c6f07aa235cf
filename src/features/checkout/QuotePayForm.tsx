/**
 * The quote page's form (docs/decisions/0045-custom-work-quotes.md): name, email, phone and a shipping address (a signed-in
 * customer may pick a saved one), then 'Pay {total} via UPI'. The amount is the server's; the
 * button stays disabled from the first press until the page is left, and each press carries a
 * fresh idempotency key. The provider takes over exactly as at checkout (startPayment). Mounted
 * into the quote's page (custom/QuoteView.astro) through its "pay" slot by QuotePayment.astro.
 * react-hook-form over quotePayForm (decision 0017): each field's message under it, gone on edit.
 * The needed-by date (prefilled from the inquiry) is answered live, as at checkout, and Pay is
 * refused while the answer is no (docs/decisions/0122). A quote that carries personalisation fields
 * (docs/decisions/0266) shows them first, checked by the one values schema before Pay.
 */
import BuyerGstinField from "~/features/books/BuyerGstinField";
import { useRef, useState } from "react";
import type { z } from "zod/mini";
import { showToast } from "~/components/ui/toast-store";
import { api, ApiError } from "~/lib/api-client";
import { formatInr } from "~/lib/money";
import { SelectField, TextField, primaryButton } from "~/components/ui/form-fields";
import { ADDRESS_LIMITS, DEFAULT_COUNTRY } from "~/lib/address";
import { INDIAN_STATE_NAMES } from "~/lib/india-states";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { freshToken } from "~/features/account/session-store";
import { QUOTE_TEXTS, type SavedAddress } from "~/features/custom/quotes";
import { startPayment } from "./checkout-client";
import { newIdempotencyKey, normaliseIndianMobile, type CreateOrderAnswer } from "./checkout-flow";
import { quotePayForm } from "~/features/custom/quotes.schema";
import DiscountCodeField from "~/features/discounts/DiscountCodeField";
import { checkQuoteCode, type AppliedCode } from "~/features/discounts/discounts-client";
import { isPinCode } from "~/lib/address";
import { NEEDED_BY_TEXTS, type NeededByVerdict } from "~/features/made-to-order/needed-by";
import NeededByField, { type NeededByValue } from "~/features/made-to-order/NeededByField";
import PersonalisationInputs from "~/features/personalisation/PersonalisationInputs";
import type { PersonalisationField } from "~/features/personalisation/personalisation";
import { usePersonalisation } from "~/features/personalisation/use-personalisation";

const STATE_OPTIONS = INDIAN_STATE_NAMES.map((name) => ({ value: name, label: name }));

interface Props {
  token: string;
  /** Paise. */
  total: number;
  name: string;
  email: string;
  signedIn: boolean;
  addresses: SavedAddress[];
  /** Show the discount code field (some code is allowed on quotes). */
  codes?: boolean;
  /** The inquiry's needed-by date ("YYYY-MM-DD"), prefilled; "" for none. */
  neededBy?: string;
  /** The quote's personalisation fields (decision 0266); none: []. */
  fields?: PersonalisationField[];
}

export default function QuotePayForm({
  token,
  total,
  name,
  email,
  signedIn,
  addresses,
  codes = false,
  neededBy: initialNeededBy = "",
  fields,
}: Props) {
  const personal = usePersonalisation(fields);
  const [savedId, setSavedId] = useState(addresses[0]?.id ?? "");
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<AppliedCode | null>(null);
  const [neededBy, setNeededBy] = useState<NeededByValue | null>(null);
  const pressed = useRef(false);
  // Server-rendered (client:load): the inputs carry defaultValue, so no defaultValues here
  // (decision 0017). The new-address fields are dropped from the values while a saved one is chosen.
  const { register, handleSubmit, formState, watch } = useSchemaForm(quotePayForm, {
    shouldUnregister: true,
  });
  const { errors } = formState;
  // The needed-by answer is for a saved address, or for the typed PIN once it is one.
  const typedPin = watch("zipCode") ?? "";
  const where = savedId || (isPinCode(typedPin) ? typedPin : null);
  async function checkDate(date: string, to: string): Promise<NeededByVerdict> {
    const bearer = savedId && signedIn ? await freshToken().catch(() => null) : null;
    return api.post<NeededByVerdict>(
      `/v2/quotes/${encodeURIComponent(token)}/needed-by`,
      savedId ? { needed_by: date, address_id: to } : { needed_by: date, pin: to },
      { token: bearer },
    );
  }

  async function onValid(values: z.output<typeof quotePayForm>) {
    if (pressed.current) return;
    const personalisation = personal.check();
    if (!personalisation) return;
    // The same refusal as checkout's: the date cannot be made, so Pay waits (decision 0122).
    if (neededBy?.ok === false) {
      showToast({ type: "error", title: NEEDED_BY_TEXTS.refusedTitle, message: neededBy.sentence });
      return;
    }
    pressed.current = true;
    setBusy(true);
    const body = {
      customer_name: values.name,
      customer_email: values.email,
      customer_phone: normaliseIndianMobile(values.phone) ?? values.phone,
      idempotency_key: newIdempotencyKey(),
      ...(code ? { coupon_code: code.code } : {}),
      ...(neededBy ? { needed_by: neededBy.date } : {}),
      ...(values.buyerGstin ? { buyer_gstin: values.buyerGstin } : {}),
      ...(personal.fields.length > 0 ? { personalisation } : {}),
      ...(savedId
        ? { address_id: savedId }
        : {
            address: {
              address1: values.address1 ?? "",
              address2: values.address2 ?? "",
              city: values.city ?? "",
              state: values.state ?? "",
              zipCode: values.zipCode ?? "",
              country: DEFAULT_COUNTRY,
            },
          }),
    };
    try {
      const bearer = signedIn ? await freshToken().catch(() => null) : null;
      const answer = await api.post<CreateOrderAnswer>(
        `/v2/quotes/${encodeURIComponent(token)}/pay`,
        body,
        { token: bearer, timeoutMs: 45_000 },
      );
      await startPayment(answer);
    } catch (error) {
      pressed.current = false;
      setBusy(false);
      showToast({
        type: "error",
        title: error instanceof ApiError ? error.message : "Payment failed",
      });
      if (error instanceof ApiError && error.status === 409) location.reload();
    }
  }

  const field = (name: keyof z.input<typeof quotePayForm>) => ({
    ...register(name),
    error: errors[name]?.message,
  });

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        personal.check(); // every field's sentence shows at once, with the form's own
        return handleSubmit(onValid)(event);
      }}
      data-quote-pay
    >
      {personal.fields.length > 0 && (
        <PersonalisationInputs
          fields={personal.fields}
          values={personal.values}
          errors={personal.errors}
          onChange={personal.set}
          quoteToken={token}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          {...field("name")}
          required
          defaultValue={name}
          autoComplete="name"
          maxLength={100}
        />
        <TextField
          label="Email"
          {...field("email")}
          type="email"
          required
          defaultValue={email}
          autoComplete="email"
          maxLength={320}
        />
        <TextField
          label="Phone"
          {...field("phone")}
          type="tel"
          required
          placeholder="98765 43210"
          autoComplete="tel"
          maxLength={20}
        />
      </div>
      {addresses.length > 0 && (
        <label className="block text-sm text-ink-700">
          Ship to
          <select
            className="mt-1 block w-full rounded-xl border border-cream-300 bg-white px-3 py-2"
            value={savedId}
            onChange={(e) => setSavedId(e.currentTarget.value)}
            name="saved"
          >
            {addresses.map((a) => (
              <option value={a.id} key={a.id}>
                {a.label}
              </option>
            ))}
            <option value="">A new address</option>
          </select>
        </label>
      )}
      {!savedId && (
        <fieldset className="grid gap-4 sm:grid-cols-2" data-new-address>
          <legend className="mb-2 text-sm font-semibold text-ink-800">Shipping address</legend>
          <TextField
            label="Address line 1"
            {...field("address1")}
            required
            maxLength={200}
            autoComplete="address-line1"
            className="sm:col-span-2"
          />
          <TextField
            label="Address line 2"
            {...field("address2")}
            maxLength={200}
            autoComplete="address-line2"
            className="sm:col-span-2"
          />
          <TextField
            label="City"
            {...field("city")}
            required
            maxLength={100}
            autoComplete="address-level2"
          />
          <SelectField
            label="State"
            {...field("state")}
            required
            autoComplete="address-level1"
            placeholder="Choose a state"
            options={STATE_OPTIONS}
            defaultValue=""
          />
          <TextField
            label="PIN code"
            {...field("zipCode")}
            required
            inputMode="numeric"
            maxLength={ADDRESS_LIMITS.zipCode}
            autoComplete="postal-code"
          />
        </fieldset>
      )}
      {codes && (
        <DiscountCodeField
          subtotal={total}
          disabled={busy}
          onChange={setCode}
          check={(c) => checkQuoteCode(token, c)}
        />
      )}
      <NeededByField
        addressId={where}
        disabled={busy}
        initialDate={initialNeededBy}
        check={checkDate}
        onChange={setNeededBy}
      />
      <BuyerGstinField className="" {...field("buyerGstin")} />
      <button type="submit" className={`${primaryButton} w-full`} disabled={busy} data-pay>
        {busy ? "Processing..." : QUOTE_TEXTS.payLabel(formatInr(code ? code.total : total))}
      </button>
    </form>
  );
}
