/**
 * How every modal of the shop behaves, framework-free (used by the policy <dialog>s, the React
 * inquiry modal, the cart drawer and the cart merge prompt alike):
 *   - opening locks page scrolling (`document.body.style.overflow = "hidden"`);
 *   - opening pushes a history entry, so the browser Back action closes the modal;
 *   - Close, Escape and a click on the backdrop go back (which closes it through popstate).
 * Modals may nest (the merge prompt over the open drawer): Back closes the top one only.
 */

let locks = 0;

/** Stops the page behind a modal from scrolling; nested locks are counted. */
export function lockScroll(): void {
  if (locks++ === 0) document.body.style.overflow = "hidden";
}

export function unlockScroll(): void {
  if (locks === 0) return;
  if (--locks === 0) document.body.style.overflow = "";
}

export interface OpenModal {
  /** Asks to close: goes back in history, and the popstate closes the dialog. */
  requestClose(): void;
  /** Closes without touching history (e.g. when the page is being left). */
  closeNow(): void;
}

export interface ModalOptions {
  /** Whether a click on the backdrop closes the modal (default true; false for an alert dialog). */
  closeOnBackdrop?: boolean;
  /** Runs on Escape first; returning true means it was handled there (e.g. a tooltip closed) and the modal stays. */
  onEscape?: () => boolean;
}

const open = new Map<HTMLDialogElement, OpenModal>();

/** The keys of the modal openings whose history entries the current entry sits on (see openModal). */
function modalStack(): string[] {
  const stack = (history.state as { modals?: unknown } | null)?.modals;
  return Array.isArray(stack) ? stack.filter((id): id is string => typeof id === "string") : [];
}

/**
 * Opens `dialog` as a modal with scroll lock and a history entry.
 * `onClosed` runs once the dialog is closed, however that happened.
 */
export function openModal(
  dialog: HTMLDialogElement,
  onClosed?: () => void,
  options: ModalOptions = {},
): OpenModal {
  const existing = open.get(dialog);
  if (existing) return existing;

  let closed = false;
  let pushed = false;
  let goingBack = false;
  // Unique per opening, so an entry left over from before a reload never keeps this one open.
  const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

  const finish = () => {
    if (closed) return;
    closed = true;
    window.removeEventListener("popstate", onPop);
    dialog.removeEventListener("cancel", onCancel);
    dialog.removeEventListener("click", onBackdrop);
    open.delete(dialog);
    if (dialog.open) dialog.close();
    unlockScroll();
    onClosed?.();
  };
  // Back from a nested modal's entry lands on ours: stay open. Anything further back closes.
  const onPop = () => {
    if (!modalStack().includes(key)) finish();
  };
  const requestClose = () => {
    if (closed || goingBack) return;
    if (pushed && history.state?.modal === dialog.id) {
      goingBack = true; // several close requests before popstate arrives go back once
      history.back();
    } else finish();
  };
  const onCancel = (event: Event) => {
    event.preventDefault(); // Escape: close through history like the Close button
    if (options.onEscape?.()) return;
    requestClose();
  };
  // A click whose target is the <dialog> itself landed on the backdrop (content sits in an inner box).
  const onBackdrop = (event: MouseEvent) => {
    if (event.target === dialog && options.closeOnBackdrop !== false) requestClose();
  };

  if (!dialog.id) dialog.id = `modal-${Math.random().toString(36).slice(2, 8)}`;
  dialog.showModal();
  lockScroll();
  history.pushState(
    { ...(history.state ?? {}), modal: dialog.id, modals: [...modalStack(), key] },
    "",
  );
  pushed = true;
  window.addEventListener("popstate", onPop);
  dialog.addEventListener("cancel", onCancel);
  dialog.addEventListener("click", onBackdrop);

  const handle: OpenModal = { requestClose, closeNow: finish };
  open.set(dialog, handle);
  return handle;
}

/** The open handle of a dialog, if it is open through openModal. */
export function modalHandle(dialog: HTMLDialogElement): OpenModal | undefined {
  return open.get(dialog);
}
