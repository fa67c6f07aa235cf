import { getAdminDocument } from "~/features/books/documents.api";

export const GET = getAdminDocument;
