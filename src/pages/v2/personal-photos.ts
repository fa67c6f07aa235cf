import { postPersonalPhotos } from "~/features/personalisation/photo.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("shopper-write", postPersonalPhotos) });
