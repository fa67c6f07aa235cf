/**
 * Uploads one image to `POST /v2/upload-cloud` (docs/product.md §7) and answers its `secure_url`.
 * Throws ApiError with the server's message (docs/product.md §8: shown as is, or 'Error uploading image').
 */
import { adminUpload } from "~/features/admin/shell/admin-api";

export const UPLOAD_TEXTS = {
  uploaded: "Image Uploaded",
  failedFallback: "Error uploading image",
  alertFailed: "Upload failed",
  wrongType: "Only PNG, JPEG, and WebP files are allowed",
} as const;

/** The types the server accepts (it checks the bytes too; this only spares a pointless upload). */
export const ACCEPTED_IMAGE_TYPES = "image/png,image/jpeg,image/webp";

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const answer = await adminUpload<{ secure_url: string }>("/v2/upload-cloud", form);
  return answer.secure_url;
}
