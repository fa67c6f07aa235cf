/**
 * Files the browser downloads through a bearer call (a CSV report, the shopper's data): the
 * server's refusal as an ApiError, and the answer saved as a file.
 */
import { ApiError } from "./api-client";

/** The ApiError for a refused download: the server's `{ error }` sentence, else `fallback`. */
export async function downloadRefused(response: Response, fallback: string): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as { error?: unknown };
  return new ApiError(response.status, typeof body.error === "string" ? body.error : fallback);
}

/** Saves an answer's body as a file named `name`, as a link with `download` would. */
export async function saveAsFile(response: Response, name: string): Promise<void> {
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
