/**
 * The profile's data-rights calls (docs/decisions/0101-data-rights.md), with the session's bearer
 * token. The download is saved as the server wrote it (rupees), not through the API client's
 * money conversion.
 */
import { apiRequest } from "~/lib/api-client";
import { downloadRefused, saveAsFile } from "~/lib/download";
import { flashToast } from "~/components/ui/flash-toasts";
import { apiJson } from "~/features/account/session-api";
import { clearSession } from "~/features/account/session-state";
import { freshToken, loadAuth } from "~/features/account/token-sync";
import { PRIVACY_TEXTS, type DeleteAccountInput, type GrievanceInput } from "./privacy";

export async function downloadMyData(): Promise<void> {
  const token = await freshToken();
  const response = await fetch("/v2/users/my-data", {
    headers: token ? { authorization: `Bearer ${token}`, accept: "application/json" } : {},
  });
  if (!response.ok) throw await downloadRefused(response, "Your data could not be prepared.");
  await saveAsFile(response, "my-data.json");
}

export async function withdrawConsent(): Promise<string> {
  return (await apiJson<{ message: string }>("POST", "/v2/users/consent-withdrawal")).message;
}

export async function sendGrievance(input: GrievanceInput): Promise<string> {
  return (await apiJson<{ message: string }>("POST", "/v2/users/grievance", input)).message;
}

/** Deletes the account, ends the session here and goes home with the confirmation. */
export async function deleteMyAccount(input: DeleteAccountInput): Promise<void> {
  await apiRequest("POST", "/v2/users/delete-account", input, { token: await freshToken() });
  clearSession();
  try {
    const auth = await loadAuth();
    const { signOut } = await import("firebase/auth");
    await signOut(auth);
  } catch {
    // The Firebase account is gone already; the session cookies are cleared above.
  }
  flashToast({ type: "success", title: PRIVACY_TEXTS.deleted });
  location.assign("/");
}
