import { postUploadCloud } from "~/features/media/media.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postUploadCloud });
