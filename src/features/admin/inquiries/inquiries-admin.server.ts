/**
 * The inquiries inbox on the server (decision 0039): the list (newest first), the owner's status
 * change (decision 0039) and the count the admin navigation shows.
 */
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "~/server/db/client";
import { customInquiries } from "~/server/db/schema";
import { HttpError } from "~/server/http";
import {
  canSetInquiryStatus,
  INQUIRY_STATUS_LABELS,
  manualTargets,
  type AdminInquiry,
  type InquiryStatus,
  type ManualInquiryStatus,
} from "./inquiries-admin";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";

export const INQUIRY_NOT_FOUND = "Inquiry not found";

function toInquiry(row: typeof customInquiries.$inferSelect): AdminInquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    productType: row.productType,
    colors: row.colors,
    size: row.size,
    budget: row.budget,
    phone: row.phone,
    photos: row.photos,
    neededBy: row.neededBy,
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const byStatus = (status?: InquiryStatus): SQL | undefined =>
  status ? eq(customInquiries.status, status) : undefined;

/** Inquiries newest first, optionally of one status; limit 0 = all. */
export async function listInquiries(
  db: DbOrTx,
  options: { status?: InquiryStatus; limit: number; offset: number },
): Promise<AdminInquiry[]> {
  const query = db
    .select()
    .from(customInquiries)
    .where(byStatus(options.status))
    .orderBy(desc(customInquiries.createdAt), desc(customInquiries.id))
    .offset(options.offset);
  const rows = options.limit > 0 ? await query.limit(options.limit) : await query;
  return rows.map(toInquiry);
}

export async function countInquiries(db: DbOrTx, status?: InquiryStatus): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customInquiries)
    .where(and(byStatus(status)));
  return Number(row?.n ?? 0);
}

/** Sets new, contacted or closed; a quoted or paid inquiry can only be closed here. */
export async function setInquiryStatus(
  db: Db,
  actor: AuditActor,
  id: string,
  status: ManualInquiryStatus,
): Promise<AdminInquiry> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(customInquiries)
      .where(eq(customInquiries.id, id))
      .for("update");
    if (!current) throw new HttpError(404, INQUIRY_NOT_FOUND);
    if (current.status === status) return toInquiry(current);
    if (!canSetInquiryStatus(current.status, status)) {
      const allowed = manualTargets(current.status).join(" or ");
      throw new HttpError(
        400,
        `This inquiry is ${INQUIRY_STATUS_LABELS[current.status].toLowerCase()}: it can only be set to ${allowed} here.`,
      );
    }
    const [row] = await tx
      .update(customInquiries)
      .set({ status, updatedAt: new Date() })
      .where(eq(customInquiries.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "inquiry.status",
      entity: "inquiry",
      entityId: id,
      before: { status: current.status },
      after: { status },
    });
    return toInquiry(row!);
  });
}
