/**
 * The one open/close effect of the shop's React modals (the cart drawer, the merge prompt, the
 * address editor, the inquiry modal, the portal's image editor): while `open` is true the dialog is
 * open through openModal (scroll lock, a history entry, Back / Escape / backdrop close it,
 * ./modal-history.ts); when `open` turns false it goes back in history, which closes it; leaving
 * the page closes it without touching history. `onClosed` runs however it closed, so the owner of
 * `open` can set it false.
 */
import { useEffect, useRef, type RefObject } from "react";
import { openModal, type ModalOptions, type OpenModal } from "./modal-history";

export interface UseModalOptions extends ModalOptions {
  /** Runs right before the dialog opens (e.g. to remember where focus was). */
  beforeOpen?: () => void;
  /** Runs right after the dialog opened (e.g. to move focus into it). */
  onOpen?: () => void;
  /** False while the dialog element is not rendered yet (an island that renders it after mount). */
  ready?: boolean;
}

export interface ModalControl {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** Closes through history (as the Close button does); nothing when it is not open. */
  requestClose(): void;
  /** Whether the dialog is open through openModal now. */
  isOpen(): boolean;
}

export function useModal(
  open: boolean,
  onClosed: () => void,
  options: UseModalOptions = {},
): ModalControl {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const handleRef = useRef<OpenModal | null>(null);
  const latest = useRef({ onClosed, options });
  latest.current = { onClosed, options };
  const ready = options.ready ?? true;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !ready) return;
    if (open && !handleRef.current) {
      latest.current.options.beforeOpen?.();
      handleRef.current = openModal(
        dialog,
        () => {
          handleRef.current = null;
          latest.current.onClosed();
        },
        {
          closeOnBackdrop: latest.current.options.closeOnBackdrop,
          onEscape: () => latest.current.options.onEscape?.() ?? false,
        },
      );
      latest.current.options.onOpen?.();
    } else if (!open && handleRef.current) {
      handleRef.current.requestClose();
    }
  }, [open, ready]);

  useEffect(() => () => handleRef.current?.closeNow(), []);

  const control = useRef({
    requestClose: () => handleRef.current?.requestClose(),
    isOpen: () => handleRef.current !== null,
  }).current;
  return { dialogRef, ...control };
}
