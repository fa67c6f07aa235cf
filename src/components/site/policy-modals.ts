/**
 * The footer's modals (About Us, Contact Us and the four policies; docs/product.md §2 "Footer and policy
 * modals"). Their <dialog>s are not in the page's own HTML: their ~14 kB of text would make every
 * page's first answer too large for one round trip (docs/decisions/0051-policy-modals-on-demand.md).
 * They are fetched from /fragments/policies once the page is idle (or on the first click, if that
 * comes first) and added to <body>; `[data-modal-open="policy-{key}"]` opens one, and
 * `[data-modal-close]` inside a dialog closes it. Scroll lock, Back-to-close, Escape and backdrop
 * clicks come from modal-history.ts.
 */
import { modalHandle, openModal } from "~/components/ui/modal-history";
import { showToast } from "~/components/ui/toast-store";

export const POLICY_FRAGMENT_URL = "/fragments/policies";

let loading: Promise<void> | undefined;

/** Fetches the dialogs once and appends them to <body> (only the <dialog>s: no script or style). */
export function loadPolicyModals(): Promise<void> {
  loading ??= (async () => {
    const response = await fetch(POLICY_FRAGMENT_URL, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`GET ${POLICY_FRAGMENT_URL}: ${response.status}`);
    const fragment = new DOMParser().parseFromString(await response.text(), "text/html");
    const dialogs = [...fragment.querySelectorAll("dialog[id]")].filter(
      (d) => !document.getElementById(d.id),
    );
    document.body.append(...dialogs.map((d) => document.importNode(d, true)));
  })().catch((error: unknown) => {
    loading = undefined; // the next click retries (e.g. after a network blip)
    throw error;
  });
  return loading;
}

async function open(opener: HTMLElement, id: string): Promise<void> {
  opener.setAttribute("aria-busy", "true");
  try {
    await loadPolicyModals();
    const dialog = document.getElementById(id);
    if (dialog instanceof HTMLDialogElement && !dialog.open)
      openModal(dialog, () => opener.focus({ preventScroll: true }));
  } catch (error) {
    console.error("[policies] the texts failed to load", error);
    showToast({
      type: "error",
      title: "Error",
      message: "This page could not be opened. Check your connection and try again.",
    });
  } finally {
    opener.removeAttribute("aria-busy");
  }
}

let started = false;

export function startPolicyModals(): void {
  if (started) return;
  started = true;
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const opener = target.closest<HTMLElement>("[data-modal-open]");
    if (opener) {
      event.preventDefault();
      void open(opener, opener.dataset.modalOpen ?? "");
      return;
    }
    const dialog = target.closest("[data-modal-close]")?.closest("dialog");
    if (dialog) {
      const handle = modalHandle(dialog);
      if (handle) handle.requestClose();
      else dialog.close();
    }
  });
  const warm = () => void loadPolicyModals().catch(() => {});
  if ("requestIdleCallback" in window) requestIdleCallback(warm, { timeout: 4000 });
  else setTimeout(warm, 2000);
}
