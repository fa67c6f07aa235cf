/**
 * Opens the custom-order inquiry modal from any `[data-open-inquiry]` element (the home
 * "Custom" button, the footer's "Custom Order") or a `window` CustomEvent("inquiry:open").
 *
 * The modal (React) is imported only on the first click, so pages without islands stay free of
 * React until a person asks for the form (see the note in InquiryModal.tsx). Prefill comes from
 * `data-user-name` / `data-user-email` on <body> (Shop.astro sets them for a signed-in user).
 */
import type { InquiryUser } from "~/features/inquiries/inquiry-modal-form";
import { showToast } from "~/components/ui/toast-store";
import { ensureReactPreamble } from "./on-demand";

type ModalModule = typeof import("~/features/inquiries/open-inquiry-modal");
let loading: Promise<ModalModule> | undefined;

function loadModal(): Promise<ModalModule> {
  loading ??= (async () => {
    await ensureReactPreamble();
    return import("~/features/inquiries/open-inquiry-modal");
  })().catch((error: unknown) => {
    loading = undefined; // let the next click retry (e.g. after a network blip)
    throw error;
  });
  return loading;
}

function currentUser(): InquiryUser | null {
  const { userName, userEmail } = document.body.dataset;
  return userName || userEmail ? { name: userName ?? "", email: userEmail ?? "" } : null;
}

async function open(trigger?: HTMLElement): Promise<void> {
  trigger?.setAttribute("aria-busy", "true");
  try {
    const { openInquiryModal } = await loadModal();
    openInquiryModal(currentUser(), trigger?.dataset.inquiryType);
  } catch (error) {
    console.error("[inquiry] the form failed to load", error);
    showToast({ type: "error", title: "Error", message: "500: Contact Support" });
  } finally {
    trigger?.removeAttribute("aria-busy");
  }
}

let started = false;

export function startInquiryLauncher(): void {
  if (started) return;
  started = true;
  document.addEventListener("click", (event) => {
    const trigger =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>("[data-open-inquiry]")
        : null;
    if (!trigger) return;
    event.preventDefault();
    void open(trigger);
  });
  // Warm the chunk when a pointer hovers a trigger, so the modal opens without a visible delay.
  document.addEventListener(
    "pointerover",
    (event) => {
      if (event.target instanceof Element && event.target.closest("[data-open-inquiry]"))
        void loadModal().catch(() => {});
    },
    { passive: true },
  );
  window.addEventListener("inquiry:open", () => void open());
}
