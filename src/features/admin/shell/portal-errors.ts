/**
 * The one shape of a failed portal call (docs/decisions/0052-portal-screen-contract.md): a toast
 * titled with what did not happen ('Error' unless the spec names another), and the server's
 * sentence, or the API client's plain words for a timeout or a dropped connection, under it.
 */
import { showToast } from "~/components/ui/toast-store";
import { ApiError } from "~/lib/api-client";

export const PORTAL_TEXTS = {
  tryAgain: "Please try again.",
} as const;

/** A sentence for the owner: the server's message, else the client's, else "Please try again." */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return PORTAL_TEXTS.tryAgain;
}

/** Logs the failure for whoever debugs it and shows the one error toast. */
export function showPortalError(error: unknown, title = "Error", message?: string): void {
  console.warn(`[admin] ${title}`, error);
  showToast({ type: "error", title, message: message ?? failureText(error) });
}
