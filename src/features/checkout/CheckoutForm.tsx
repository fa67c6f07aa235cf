/**
 * The interactive part of /checkout (docs/product.md §2 Checkout, §4 Checkout flow, §5 Checkout): the address
 * picker (the Address manager with auto-select; a shopper with no address adds one here), the UPI
 * payment card with the phone, and 'Pay {total} via UPI' / Exit. The order summary beside it is
 * rendered by the server.
 *
 * Pay: address and phone are checked (the spec's toasts); then a processing state with a spinner;
 * POST /create-order with an idempotency key for this attempt (a second press cannot happen: the
 * button is disabled from the first press until the page is left); the tempOrder is saved; and the
 * provider takes over. A failure removes the tempOrder and goes to /products with the spec's toast.
 * react-hook-form over `checkoutForm` (decision 0017): the number's message under it, gone on edit.
 */
import { useCallback, useRef, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import { showToast, type ToastInput } from "~/components/ui/toast-store";
import Spinner from "~/components/ui/Spinner";
import { formatInr } from "~/lib/money";
import AddressManager from "~/features/account/AddressManager";
import type { Address, User } from "~/features/account/account";
import { TextField, primaryButton, secondaryButton } from "~/components/ui/form-fields";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { flashToast } from "~/components/ui/flash-toasts";
import {
  CHECKOUT_TOASTS,
  PHONE_PLACEHOLDER,
  newIdempotencyKey,
  normaliseIndianMobile,
  type TempOrder,
} from "./checkout-flow";
import NeededByField, { type NeededByValue } from "~/features/made-to-order/NeededByField";
import { NEEDED_BY_TEXTS } from "~/features/made-to-order/needed-by";
import BuyerGstinField from "~/features/books/BuyerGstinField";
import { checkoutForm, type CheckoutFormValues } from "./checkout";
import { createOrder, removeTempOrder, saveTempOrder, startPayment } from "./checkout-client";
import DiscountCodeField from "~/features/discounts/DiscountCodeField";
import { codeRefusal, type AppliedCode } from "~/features/discounts/discounts-client";

interface Props {
  user: User;
  /** What the shopper pays now, paise (the server decides the order's amount again). */
  total: number;
}

/** Leaves checkout for /products with the toast shown there (docs/product.md §4: failures go to /products). */
function leaveWith(toast: ToastInput): void {
  removeTempOrder();
  flashToast(toast);
  location.assign("/products");
}

export default function CheckoutForm({ user, total }: Props) {
  const [address, setAddress] = useState<Address | null>(null);
  const [processing, setProcessing] = useState(false);
  const [code, setCode] = useState<AppliedCode | null>(null);
  const payTotal = code ? code.total : total;
  const [neededBy, setNeededBy] = useState<NeededByValue | null>(null);
  const busy = useRef(false);
  // The phone input is server-rendered with its defaultValue (decision 0017): what was typed
  // before hydration is kept. The address id is set when one is chosen.
  const { register, handleSubmit, setValue, formState } = useSchemaForm(checkoutForm, {
    defaultValues: { addressId: "" },
  });
  const onSelect = useCallback(
    (picked: Address | null) => {
      setAddress(picked);
      setValue("addressId", picked?.id ?? "");
    },
    [setValue],
  );

  function onInvalid(errors: FieldErrors<CheckoutFormValues>) {
    if (errors.addressId || errors.phone)
      showToast(errors.addressId ? CHECKOUT_TOASTS.noAddress : CHECKOUT_TOASTS.badPhone);
  }

  async function onPay(values: CheckoutFormValues) {
    const mobile = normaliseIndianMobile(values.phone);
    if (busy.current || !address || !mobile) return;
    if (neededBy?.ok === false) {
      showToast({
        type: "warning",
        title: NEEDED_BY_TEXTS.refusedTitle,
        message: neededBy.sentence,
      });
      return;
    }
    busy.current = true;
    setProcessing(true);
    const body = {
      customer_name: `${address.fName} ${address.lName}`.trim(),
      customer_email: user.email,
      customer_phone: mobile,
      order_amount: payTotal,
      address_id: address.id,
      idempotency_key: newIdempotencyKey(),
      ...(code ? { coupon_code: code.code } : {}),
      ...(neededBy ? { needed_by: neededBy.date } : {}),
      ...(values.buyerGstin ? { buyer_gstin: values.buyerGstin } : {}),
    };
    let answer: Awaited<ReturnType<typeof createOrder>>;
    try {
      answer = await createOrder(body);
    } catch (error) {
      console.error("[checkout] creating the order failed", error);
      // A code refused meanwhile (used up, ended): say why and stay (docs/decisions/0095).
      const refused = codeRefusal(error, code);
      if (refused) {
        showToast(refused);
        busy.current = false;
        setProcessing(false);
        return;
      }
      leaveWith(CHECKOUT_TOASTS.createFailed);
      return;
    }
    const { idempotency_key: _key, ...kept } = body;
    const tempOrder: TempOrder = { ...kept, order_id: answer.order_id, provider: answer.provider };
    saveTempOrder(tempOrder);
    try {
      await startPayment(answer);
    } catch (error) {
      console.error("[checkout] the payment provider failed", error);
      leaveWith(CHECKOUT_TOASTS.sdkFailed);
    }
    // On success the provider has taken the window: stay in the processing state until it goes.
  }

  // Enabled from the first paint: client:touch holds an early tap (decision 0225).
  const disabled = processing;

  return (
    // Not a <form>: the address editor's own form (in a dialog) would be nested in it, and its
    // submit event would bubble through React into Pay.
    <div className="space-y-6" aria-busy={processing}>
      <div className="rounded-3xl border border-cream-200 bg-white/85 p-6 shadow-xs sm:p-8">
        <AddressManager
          initialUser={user}
          autoSelect
          selectedId={address?.id ?? null}
          onSelect={onSelect}
          title="Shipping Address"
        />
      </div>

      <section
        className="rounded-3xl border border-cream-200 bg-white/85 p-6 shadow-xs sm:p-8"
        aria-labelledby="payment-method-title"
      >
        <h2 id="payment-method-title" className="text-2xl text-ink-900">
          Payment Method
        </h2>
        <div className="mt-4 rounded-2xl border border-gold-500 bg-cream-50 p-4 ring-2 ring-gold-300/60">
          <p className="font-semibold text-ink-900">UPI</p>
          <p className="text-sm text-ink-500">
            Pay with any UPI app. We use this number for your payment.
          </p>
          <TextField
            className="mt-4"
            label="UPI contact number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            maxLength={20}
            placeholder={PHONE_PLACEHOLDER}
            defaultValue={user.phone}
            error={formState.errors.phone?.message}
            disabled={processing}
            {...register("phone")}
          />
          <NeededByField
            addressId={address?.id ?? null}
            disabled={processing}
            onChange={setNeededBy}
          />
          <BuyerGstinField
            error={formState.errors.buyerGstin?.message}
            disabled={processing}
            {...register("buyerGstin")}
          />
        </div>
      </section>

      <DiscountCodeField subtotal={total} disabled={processing} onChange={setCode} />

      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <a
          href="/products"
          className={`${secondaryButton} sm:w-40`}
          aria-disabled={processing || undefined}
        >
          Exit
        </a>
        <button
          type="button"
          onClick={(event) => void handleSubmit(onPay, onInvalid)(event)}
          className={primaryButton}
          disabled={disabled}
          data-pay
        >
          {processing ? (
            <>
              <Spinner size="sm" label="Processing payment" /> Processing...
            </>
          ) : (
            `Pay ${formatInr(payTotal)} via UPI`
          )}
        </button>
      </div>
    </div>
  );
}
