/**
 * The custom-order inquiry modal (docs/product.md §2, §4 "Custom order", §5, §8).
 *
 * How it loads: it is NOT an Astro island. `src/components/site/inquiry-launcher.ts` (a few
 * hundred bytes on every page) listens for clicks on `[data-open-inquiry]` (the home "Custom"
 * button, the footer's "Custom Order" link) and only then `import()`s open-inquiry-modal.tsx, which
 * brings React and mounts this modal with `react-dom/client`. Content-only pages therefore ship no React
 * at all until a person actually asks for the form.
 *
 * Behaviour: react-hook-form over the shared schema (decision 0017); name and email are prefilled
 * for a signed-in user; a blank required field gives the toast 'Mandatory Fields' and its message
 * under it. On submit the form is cleared and closed and the success toast shows at once (docs/product.md §4).
 * If the call then fails, the spec's 'Error' - '500: Contact Support' toast follows, and the form
 * opens again with what the person typed, why it failed, "Copy my message" and a mailto
 * (docs/decisions/0075-inquiry-never-lost.md).
 */
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { showToast } from "~/components/ui/toast-store";
import { useModal } from "~/components/ui/use-modal";
import {
  INQUIRY_LIMITS,
  INQUIRY_TOASTS,
  type Inquiry,
  type InquiryForm,
  inquirySchema,
} from "./inquiry";
import { INQUIRY_ERROR_TOAST, sendInquiry } from "./inquiry-send";
import { InquiryNotSent } from "./InquiryNotSent";
import {
  asForm,
  type InquiryUser,
  inputClass,
  labelClass,
  PRODUCT_TYPES,
  prefilled,
  REQUIRED,
  selectArrow,
} from "./inquiry-modal-form";
import { InquiryModalFooter, InquiryModalHeader } from "./InquiryModalHeader";
import { InquiryPhotos } from "./InquiryPhotos";

export { INQUIRY_ENDPOINT } from "./inquiry-send";

export { type InquiryUser, PRODUCT_TYPES } from "./inquiry-modal-form";

interface Props {
  open: boolean;
  onClose: () => void;
  /** Opens the modal again (the send failed after it closed). */
  onReopen: () => void;
  user?: InquiryUser | null;
  /** The product type a launcher chose ("Ask about your varmala": Varmala preservation). */
  productType?: string;
  /** A sold-out piece's "Ask for one like it" (docs/decisions/0216): the description names it. */
  about?: string;
}

export default function InquiryModal({ open, onClose, onReopen, user, productType, about }: Props) {
  const id = useId();
  const closingRef = useRef(false);
  const reopenRef = useRef(false);
  const callbacks = useRef({ onClose, onReopen });
  callbacks.current = { onClose, onReopen };
  const [failed, setFailed] = useState<{ inquiry: Inquiry; reason: string } | null>(null);
  const [photos, setPhotos] = useState<string[]>([]);
  const { register, handleSubmit, reset, getValues, setValue, setFocus, formState } = useSchemaForm(
    inquirySchema,
    { defaultValues: prefilled(user) },
  );
  const { errors } = formState;
  const modal = useModal(
    open,
    () => {
      closingRef.current = false;
      callbacks.current.onClose();
    },
    { onOpen: () => requestAnimationFrame(() => setFocus("name")) },
  );

  // Prefill again if the signed-in user changes while the form is still blank.
  useEffect(() => {
    if (!getValues("name") && user?.name) setValue("name", user.name);
    if (!getValues("email") && user?.email) setValue("email", user.email);
  }, [user?.name, user?.email, getValues, setValue]);

  useEffect(() => {
    if (open && productType) setValue("productType", productType);
    if (open && about && !getValues("description")) setValue("description", about);
  }, [open, productType, about, getValues, setValue]);

  const close = () => {
    closingRef.current = modal.isOpen();
    modal.requestClose();
  };

  // A send that failed while the form was closing opens it again once it has closed (decision 0075).
  useEffect(() => {
    if (open || !reopenRef.current) return;
    reopenRef.current = false;
    callbacks.current.onReopen();
  }, [open]);

  const onValid = async (fields: Inquiry) => {
    const inquiry: Inquiry = photos.length ? { ...fields, photos } : fields;
    setFailed(null);
    reset(prefilled(user));
    setPhotos([]);
    close();
    showToast({ ...INQUIRY_TOASTS.sent });
    const outcome = await sendInquiry(inquiry);
    if (outcome.ok) return;
    showToast({ ...INQUIRY_ERROR_TOAST });
    reset(asForm(inquiry));
    setPhotos(inquiry.photos ?? []);
    setFailed({ inquiry, reason: outcome.reason });
    if (closingRef.current) reopenRef.current = true;
    else if (!modal.isOpen()) callbacks.current.onReopen();
  };

  const onInvalid = () => {
    const values = getValues();
    if (REQUIRED.some((key) => !values[key]?.trim())) showToast({ ...INQUIRY_TOASTS.mandatory });
  };

  const field = (name: keyof InquiryForm) => `${id}-${name}`;
  const a11y = (name: keyof InquiryForm) => ({
    id: field(name),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${field(name)}-error` : undefined,
  });
  const box = (name: keyof InquiryForm, label: ReactNode, control: ReactNode, wide = false) => (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={field(name)} className={labelClass}>
        {label}
      </label>
      {control}
      {errors[name]?.message && (
        <p id={`${field(name)}-error`} className="mt-1.5 text-sm text-red-700" data-field-error>
          {errors[name].message}
        </p>
      )}
    </div>
  );
  const star = <span className="text-red-700">*</span>;

  return (
    <dialog
      ref={modal.dialogRef}
      id="inquiry-modal"
      aria-labelledby={`${id}-title`}
      className="w-full rounded-2xl bg-cream-50 text-ink-900 shadow-2xl sm:w-[40rem]"
    >
      <form
        noValidate
        onSubmit={handleSubmit(onValid, onInvalid)}
        className="flex max-h-[calc(100dvh-1.5rem)] flex-col"
      >
        <InquiryModalHeader titleId={`${id}-title`} onClose={close} />

        <div className="grid gap-x-4 gap-y-5 overflow-y-auto px-6 py-6 sm:grid-cols-2 sm:px-8">
          {failed && (
            <div className="sm:col-span-2">
              <InquiryNotSent
                inquiry={failed.inquiry}
                reason={failed.reason}
                supportEmail={document.body.dataset.supportEmail || "us"}
              />
            </div>
          )}
          {box(
            "name",
            <>Name {star}</>,
            <input
              {...register("name")}
              {...a11y("name")}
              autoComplete="name"
              required
              maxLength={INQUIRY_LIMITS.name}
              className={inputClass}
              placeholder="Your name"
            />,
          )}
          {box(
            "email",
            <>Email {star}</>,
            <input
              {...register("email")}
              {...a11y("email")}
              type="email"
              autoComplete="email"
              required
              maxLength={INQUIRY_LIMITS.email}
              className={inputClass}
              placeholder="you@example.com"
            />,
          )}
          {box(
            "phone",
            <>
              Phone / WhatsApp <span className="font-normal text-ink-500">(optional)</span>
            </>,
            <input
              {...register("phone")}
              {...a11y("phone")}
              type="tel"
              autoComplete="tel"
              maxLength={INQUIRY_LIMITS.phone}
              className={inputClass}
              placeholder="98765 43210"
            />,
          )}
          {box(
            "productType",
            <>Product type {star}</>,
            <select
              {...register("productType")}
              {...a11y("productType")}
              required
              className={`${inputClass} ${selectArrow}`}
            >
              <option value="">Choose a product type</option>
              {PRODUCT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>,
          )}
          {box(
            "budget",
            <>
              Budget <span className="font-normal text-ink-500">(optional)</span>
            </>,
            <input
              {...register("budget")}
              {...a11y("budget")}
              inputMode="text"
              maxLength={INQUIRY_LIMITS.budget}
              className={inputClass}
              placeholder="e.g. ₹3,000 - ₹5,000"
            />,
          )}
          {box(
            "colors",
            "Colours",
            <input
              {...register("colors")}
              {...a11y("colors")}
              maxLength={INQUIRY_LIMITS.colors}
              className={inputClass}
              placeholder="e.g. ocean blue, gold flakes"
            />,
          )}
          {box(
            "size",
            "Size",
            <input
              {...register("size")}
              {...a11y("size")}
              maxLength={INQUIRY_LIMITS.size}
              className={inputClass}
              placeholder="e.g. 12 x 18 in"
            />,
          )}
          {box(
            "neededBy",
            <>
              Needed by <span className="font-normal text-ink-500">(optional)</span>
            </>,
            <input
              {...register("neededBy")}
              {...a11y("neededBy")}
              type="date"
              className={inputClass}
            />,
          )}
          {box(
            "description",
            "Description",
            <textarea
              {...register("description")}
              {...a11y("description")}
              rows={4}
              maxLength={INQUIRY_LIMITS.description}
              className={`${inputClass} resize-y`}
              placeholder="Names, dates, the occasion, photos you would like included..."
            />,
            true,
          )}
          <InquiryPhotos photos={photos} onChange={setPhotos} />
        </div>

        <InquiryModalFooter onCancel={close} again={Boolean(failed)} />
      </form>
    </dialog>
  );
}
