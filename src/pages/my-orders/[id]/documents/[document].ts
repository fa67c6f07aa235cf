import { getMyDocument } from "~/features/books/documents.api";

export const GET = getMyDocument;
