/**
 * The refund form of the order's "Payments and refunds" panel (docs/decisions/0057): an amount
 * (empty: everything still refundable) and a reason, each with its error under it; for an order
 * not yet delivered, "Cancel order and refund in full" does both in one step.
 */
import { useId } from "react";
import { showServerErrors } from "~/components/ui/form-errors";
import { FieldError, FormError } from "~/components/ui/form-fields";
import { showToast } from "~/components/ui/toast-store";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { formatInr } from "~/lib/money";
import { type RefundFormValues, refundFormSchema, refundPaise } from "./refund-form.schema";
import { postRefund, type RefundsAnswer } from "./refunds-client";

const field =
  "rounded-lg border border-cream-300 bg-white px-2 py-1.5 text-sm text-ink-900 outline-none focus:border-gold-500 focus:ring-2 focus:ring-gold-300/60 aria-[invalid=true]:border-red-400";
const button =
  "rounded-full px-4 py-1.5 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60";

export default function RefundForm({
  orderId,
  refundable,
  canCancel,
  onRefunded,
}: {
  orderId: string;
  refundable: number;
  canCancel: boolean;
  onRefunded(answer: RefundsAnswer): void;
}) {
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm(refundFormSchema, {
    defaultValues: { amount: "", reason: "" },
  });
  const { errors, isSubmitting: busy } = formState;
  const id = useId();

  const send = (cancel: boolean) => async (values: RefundFormValues) => {
    if (cancel && !window.confirm("Cancel this order and refund everything paid?")) return;
    const paise = refundPaise(values.amount) ?? undefined;
    try {
      const answer = await postRefund(orderId, {
        reason: values.reason.trim(),
        ...(cancel ? { cancel: true } : { amount: paise }),
      });
      reset({ amount: "", reason: "" });
      showToast({
        type: "success",
        title: cancel ? "Order cancelled, refund started" : "Refund started",
      });
      if (cancel) window.location.reload();
      else onRefunded(answer);
    } catch (failure) {
      if (showServerErrors(failure, setError, ["amount", "reason"])) return;
      setError("root.server", {
        type: "server",
        message: failure instanceof Error ? failure.message : "The refund was not started",
      });
    }
  };

  return (
    <form
      onSubmit={handleSubmit(send(false))}
      noValidate
      className="flex flex-wrap items-start gap-2"
    >
      <div>
        <input
          aria-label="Refund amount (₹)"
          placeholder={`Amount (₹), empty: ${formatInr(refundable)}`}
          inputMode="decimal"
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? `${id}-amount` : undefined}
          className={`${field} w-56`}
          disabled={busy}
          {...register("amount")}
        />
        <FieldError id={`${id}-amount`} message={errors.amount?.message} />
      </div>
      <div>
        <input
          aria-label="Refund reason"
          placeholder="Reason"
          maxLength={100}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason` : undefined}
          className={`${field} w-64`}
          disabled={busy}
          {...register("reason")}
        />
        <FieldError id={`${id}-reason`} message={errors.reason?.message} />
      </div>
      <button type="submit" disabled={busy} className={`${button} bg-ink-900 text-cream-50`}>
        Refund
      </button>
      {canCancel && (
        <button
          type="button"
          disabled={busy}
          onClick={handleSubmit(send(true))}
          className={`${button} border border-red-300 text-red-800`}
        >
          Cancel order and refund in full
        </button>
      )}
      <div className="basis-full">
        <FormError message={errors.root?.server?.message} />
      </div>
    </form>
  );
}
