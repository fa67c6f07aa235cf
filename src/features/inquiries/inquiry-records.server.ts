/**
 * An inquiry's row for the features that answer it (custom work's quotes, decision 0045): read it,
 * lock it, and move its status, so no other feature touches the inquiries table (decision 0062).
 */
import { eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/server/db/client";
import { customInquiries, type InquiryStatus } from "~/server/db/schema";

export type InquiryRow = typeof customInquiries.$inferSelect;

/** The inquiry's row, or null. */
export async function loadInquiryRow(db: DbOrTx, id: string): Promise<InquiryRow | null> {
  const [row] = await db.select().from(customInquiries).where(eq(customInquiries.id, id));
  return row ?? null;
}

/** The inquiry's row locked for the rest of the transaction, or null. */
export async function lockInquiryRow(tx: Tx, id: string): Promise<InquiryRow | null> {
  const [row] = await tx
    .select()
    .from(customInquiries)
    .where(eq(customInquiries.id, id))
    .for("update");
  return row ?? null;
}

/** Quoted, paid or closed: the inquiry follows its quote (decision 0045). */
export async function setInquiryStatus(
  tx: Tx,
  id: string,
  status: InquiryStatus,
  now: Date,
): Promise<void> {
  await tx
    .update(customInquiries)
    .set({ status, updatedAt: now })
    .where(eq(customInquiries.id, id));
}
