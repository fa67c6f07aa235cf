import { getOrderDocuments } from "~/features/books/documents-admin.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getOrderDocuments });
