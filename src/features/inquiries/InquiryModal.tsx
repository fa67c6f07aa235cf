/**
 * The custom-order inquiry modal (SPEC §2, §4 "Custom order", §5, §8).
 *
 * How it loads: it is NOT an Astro island. `src/components/site/inquiry-launcher.ts` (a few
 * hundred bytes on every page) listens for clicks on `[data-open-inquiry]` (the home "Custom"
 * button, the footer's "Custom Order" link) and only then `import()`s this module, which brings
 * React and mounts the modal with `react-dom/client`. Content-only pages therefore ship no React
 * at all until a person actually asks for the form; `client:idle` would have loaded React on every
 * page after idle, whether or not anyone opens it.
 *
 * Behaviour: name and email are prefilled for a signed-in user; name, email and productType are
 * required, else the toast 'Mandatory Fields'. On submit the inquiry is POSTed to
 * /v2/custom-order-email without waiting for the answer, the form is cleared and closed, and the
 * success toast shows whatever the server says (SPEC §4). Only a request that cannot be sent at
 * all (offline) adds the spec's 'Error' - '500: Contact Support' toast.
 */
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import { createRoot, type Root } from "react-dom/client";
import { useModal } from "../../components/ui/use-modal";
import { showToast } from "../../components/ui/toast-store";
import { api, ApiError } from "../../lib/api-client";
import {
  checkInquiry,
  EMPTY_INQUIRY,
  INQUIRY_LIMITS,
  INQUIRY_TOASTS,
  type Inquiry,
  type InquiryForm,
} from "./inquiry";

export interface InquiryUser {
  name?: string;
  email?: string;
}

export const INQUIRY_ENDPOINT = "/v2/custom-order-email";

export const PRODUCT_TYPES = [
  "Varmala preservation",
  "Photo frame",
  "Nameplate",
  "Wall art",
  "Luggage tag",
  "Keychain",
  "Coasters or tray",
  "Clock",
  "Something else",
] as const;

/**
 * Sends the inquiry without waiting for (or reading) the answer (SPEC §7). Only a request that never
 * reached the server (status 0: offline, timed out) shows the error toast.
 */
export function sendInquiry(inquiry: Inquiry): void {
  void api.post(INQUIRY_ENDPOINT, inquiry, { keepalive: true }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status !== 0) return;
    showToast({ type: "error", title: "Error", message: "500: Contact Support" });
  });
}

const prefilled = (user?: InquiryUser | null): InquiryForm => ({
  ...EMPTY_INQUIRY,
  name: user?.name ?? "",
  email: user?.email ?? "",
});

interface Props {
  open: boolean;
  onClose: () => void;
  user?: InquiryUser | null;
}

const inputClass =
  "block w-full rounded-xl border border-cream-300 bg-white px-4 py-3 text-sm text-ink-900 placeholder:text-ink-300 shadow-[inset_0_1px_2px_rgb(43_35_32/0.04)] transition outline-none focus:border-gold-500 focus:ring-4 focus:ring-gold-300/30";
const labelClass = "mb-1.5 block text-sm font-medium text-ink-700";

export default function InquiryModal({ open, onClose, user }: Props) {
  const id = useId();
  const { dialogRef, requestClose } = useModal(open, onClose, {
    onOpen: () => requestAnimationFrame(() => nameRef.current?.focus()),
  });
  const nameRef = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState<InquiryForm>(() => prefilled(user));

  // Prefill again if the signed-in user changes while the form is still blank.
  useEffect(() => {
    setForm((f) => ({
      ...f,
      name: f.name || user?.name || "",
      email: f.email || user?.email || "",
    }));
  }, [user?.name, user?.email]);

  const set = (field: keyof InquiryForm) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = checkInquiry(form);
    if (!result.ok) {
      showToast({ type: "error", title: result.title, message: result.message });
      return;
    }
    sendInquiry(result.inquiry);
    setForm(prefilled(user));
    requestClose();
    showToast({ ...INQUIRY_TOASTS.sent });
  };

  const field = (name: keyof InquiryForm) => `${id}-${name}`;

  return (
    <dialog
      ref={dialogRef}
      id="inquiry-modal"
      aria-labelledby={`${id}-title`}
      className="w-full rounded-2xl bg-cream-50 text-ink-900 shadow-2xl sm:w-[40rem]"
    >
      <form noValidate onSubmit={submit} className="flex max-h-[calc(100dvh-1.5rem)] flex-col">
        <header className="flex items-start justify-between gap-4 border-b border-cream-200 px-6 pt-6 pb-4 sm:px-8">
          <div>
            <p className="text-xs font-medium tracking-[0.2em] text-gold-600 uppercase">
              Made just for you
            </p>
            <h2 id={`${id}-title`} className="mt-1 text-2xl sm:text-3xl">
              Custom Order
            </h2>
            <p className="mt-2 text-sm text-ink-500">
              Tell us about the piece you have in mind and we will get back to you by email.
            </p>
          </div>
          <button
            type="button"
            aria-label="Close dialog"
            onClick={() => requestClose()}
            className="-mr-2 rounded-full p-2 text-ink-500 transition hover:bg-cream-200 hover:text-ink-900"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth={1.8}
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </header>

        <div className="grid gap-x-4 gap-y-5 overflow-y-auto px-6 py-6 sm:grid-cols-2 sm:px-8">
          <div>
            <label htmlFor={field("name")} className={labelClass}>
              Name <span className="text-gold-600">*</span>
            </label>
            <input
              ref={nameRef}
              id={field("name")}
              name="name"
              autoComplete="name"
              required
              maxLength={INQUIRY_LIMITS.name}
              value={form.name}
              onChange={set("name")}
              className={inputClass}
              placeholder="Your name"
            />
          </div>
          <div>
            <label htmlFor={field("email")} className={labelClass}>
              Email <span className="text-gold-600">*</span>
            </label>
            <input
              id={field("email")}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={INQUIRY_LIMITS.email}
              value={form.email}
              onChange={set("email")}
              className={inputClass}
              placeholder="you@example.com"
            />
          </div>
          <div>
            <label htmlFor={field("productType")} className={labelClass}>
              Product type <span className="text-gold-600">*</span>
            </label>
            <select
              id={field("productType")}
              name="productType"
              required
              value={form.productType}
              onChange={set("productType")}
              className={`${inputClass} appearance-none bg-[url('data:image/svg+xml;utf8,<svg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 24 24%22 fill=%22none%22 stroke=%22%23776a61%22 stroke-width=%222%22><path d=%22M6.5 9.5L12 15l5.5-5.5%22/></svg>')] bg-[length:1.1rem] bg-[right_0.9rem_center] bg-no-repeat pr-10`}
            >
              <option value="">Choose a product type</option>
              {PRODUCT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={field("budget")} className={labelClass}>
              Budget <span className="font-normal text-ink-300">(optional)</span>
            </label>
            <input
              id={field("budget")}
              name="budget"
              inputMode="text"
              maxLength={INQUIRY_LIMITS.budget}
              value={form.budget}
              onChange={set("budget")}
              className={inputClass}
              placeholder="e.g. ₹3,000 - ₹5,000"
            />
          </div>
          <div>
            <label htmlFor={field("colors")} className={labelClass}>
              Colours
            </label>
            <input
              id={field("colors")}
              name="colors"
              maxLength={INQUIRY_LIMITS.colors}
              value={form.colors}
              onChange={set("colors")}
              className={inputClass}
              placeholder="e.g. ocean blue, gold flakes"
            />
          </div>
          <div>
            <label htmlFor={field("size")} className={labelClass}>
              Size
            </label>
            <input
              id={field("size")}
              name="size"
              maxLength={INQUIRY_LIMITS.size}
              value={form.size}
              onChange={set("size")}
              className={inputClass}
              placeholder="e.g. 12 x 18 in"
            />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={field("description")} className={labelClass}>
              Description
            </label>
            <textarea
              id={field("description")}
              name="description"
              rows={4}
              maxLength={INQUIRY_LIMITS.description}
              value={form.description}
              onChange={set("description")}
              className={`${inputClass} resize-y`}
              placeholder="Names, dates, the occasion, photos you would like included..."
            />
          </div>
        </div>

        <footer className="flex flex-col-reverse gap-3 border-t border-cream-200 px-6 py-4 sm:flex-row sm:justify-end sm:px-8">
          <button
            type="button"
            onClick={() => requestClose()}
            className="rounded-full px-6 py-2.5 text-sm font-medium text-ink-700 transition hover:bg-cream-200"
          >
            Cancel
          </button>
          <button
            type="submit"
            className="rounded-full bg-ink-900 px-7 py-2.5 text-sm font-medium text-cream-50 shadow-sm transition hover:bg-ink-700"
          >
            Send inquiry
          </button>
        </footer>
      </form>
    </dialog>
  );
}

/* ---- Mounting outside an island (used by inquiry-launcher.ts) ---- */

const $state = atom<{ open: boolean; user: InquiryUser | null }>({ open: false, user: null });

function Host() {
  const state = useStore($state);
  return (
    <InquiryModal
      open={state.open}
      user={state.user}
      onClose={() => $state.set({ ...$state.get(), open: false })}
    />
  );
}

let root: Root | null = null;

/** Opens the inquiry modal, mounting it (once per page) into its own element under <body>. */
export function openInquiryModal(user?: InquiryUser | null): void {
  if (!root) {
    const container = document.createElement("div");
    container.dataset.inquiryRoot = "";
    document.body.append(container);
    root = createRoot(container);
    root.render(<Host />);
  }
  $state.set({ open: true, user: user ?? null });
}
