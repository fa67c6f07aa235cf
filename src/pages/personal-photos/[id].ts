import { getPersonalPhoto } from "~/features/personalisation/photo.api";

export const GET = getPersonalPhoto;
