/**
 * The review form's calls (docs/decisions/0100-reviews.md): a photo upload and the review itself,
 * with the session's bearer token. Failures are logged and rethrown for the form to show.
 */
import { apiRequest } from "~/lib/api-client";
import { apiJson } from "~/features/account/session-api";
import { freshToken } from "~/features/account/token-sync";
import type { ReviewInput } from "./reviews.schema";

export async function uploadReviewPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  try {
    const answer = await apiRequest<{ url: string }>("POST", "/v2/reviews/photos", form, {
      token: await freshToken(),
      timeoutMs: 120_000,
    });
    return answer.url;
  } catch (error) {
    console.error("[reviews] the photo upload failed", error);
    throw error;
  }
}

export async function sendReview(input: ReviewInput): Promise<{ id: string; message: string }> {
  try {
    return await apiJson<{ id: string; message: string }>("POST", "/v2/reviews", input);
  } catch (error) {
    console.error("[reviews] sending the review failed", error);
    throw error;
  }
}
