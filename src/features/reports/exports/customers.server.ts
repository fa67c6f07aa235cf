/** The customers export: personal data (docs/decisions/0092-csv-exports.md says what it holds and why). */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/server/db/client";
import { money } from "~/features/reports/csv";
import { keysetPages } from "~/features/reports/csv-stream.server";
import { EXPORT_PAGE, cells, pageRows, indiaText, type ExportBody } from "./keyset";

interface CustomerRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  joined: string;
  orders: number;
  paid: number;
}

/** Every account (shoppers and owners), by id, with its paid orders and their sum. */
export function customersExport(db: DbOrTx, size = EXPORT_PAGE): ExportBody {
  const read = (after: string | undefined, size: number) =>
    pageRows<CustomerRow>(
      db,
      sql`select u.id, u.email, u.first_name, u.last_name, u.phone, ${indiaText(sql`u.created_at`)} as joined,
        (select count(*)::float8 from orders o where o.user_id = u.id and o.paid_at is not null
          and o.kind <> 'shipping') as orders,
        (select coalesce(sum(p.amount_paise), 0)::float8 from order_payments p
          join orders o on o.id = p.order_id where o.user_id = u.id) as paid
        from users u ${after === undefined ? sql`` : sql`where u.id > ${after}`}
        order by u.id limit ${size}`,
    );
  return {
    header: [
      "Account id",
      "Email",
      "First name",
      "Last name",
      "Phone",
      "Joined (India time)",
      "Paid orders",
      "Paid total",
    ],
    pages: cells(
      keysetPages(read, (row) => row.id, size),
      (u) => [
        u.id,
        u.email,
        u.first_name,
        u.last_name,
        u.phone,
        u.joined,
        Number(u.orders),
        money(Number(u.paid)),
      ],
    ),
  };
}
