/**
 * How every modal of the shop behaves, framework-free (used by the policy <dialog>s and the
 * React inquiry modal alike):
 *   - opening locks page scrolling (`document.body.style.overflow = "hidden"`);
 *   - opening pushes a history entry, so the browser Back action closes the modal;
 *   - Close, Escape and a click on the backdrop go back (which closes it through popstate).
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

const open = new Map<HTMLDialogElement, OpenModal>();

/**
 * Opens `dialog` as a modal with scroll lock and a history entry.
 * `onClosed` runs once the dialog is closed, however that happened.
 */
export function openModal(dialog: HTMLDialogElement, onClosed?: () => void): OpenModal {
  const existing = open.get(dialog);
  if (existing) return existing;

  let closed = false;
  let pushed = false;

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
  const onPop = () => finish();
  const requestClose = () => {
    if (closed) return;
    if (pushed && history.state?.modal === dialog.id) history.back();
    else finish();
  };
  const onCancel = (event: Event) => {
    event.preventDefault(); // Escape: close through history like the Close button
    requestClose();
  };
  // A click whose target is the <dialog> itself landed on the backdrop (content sits in an inner box).
  const onBackdrop = (event: MouseEvent) => {
    if (event.target === dialog) requestClose();
  };

  if (!dialog.id) dialog.id = `modal-${Math.random().toString(36).slice(2, 8)}`;
  dialog.showModal();
  lockScroll();
  history.pushState({ ...(history.state ?? {}), modal: dialog.id }, "");
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
