import { getBusinessSettings, putBusinessSettings } from "~/features/books/business-settings.api";
import { methods } from "~/server/http";

export const { GET, PUT, ALL } = methods({ GET: getBusinessSettings, PUT: putBusinessSettings });
