/**
 * The data of bench/admin-orders.ts: an owner, one shopper and ORDER_COUNT orders of theirs (1 to 3
 * lines each, every status, deterministic), written into a scratch database.
 */
import { seededRandom } from "./random";
export const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 100_000);
export const BENCH_OWNER = { email: "bench-owner@example.com", password: "bench-owner-2024" };
const FIRST = [
  "Asha",
  "Ravi",
  "Meera",
  "Zoya",
  "Kiran",
  "Dev",
  "Nisha",
  "Tara",
  "Arjun",
  "Isha",
  "Kabir",
  "Anaya",
  "Rohan",
  "Diya",
  "Vivaan",
  "Sara",
];
const LAST = [
  "Verma",
  "Kumar",
  "Nair",
  "Khan",
  "Das",
  "Shah",
  "Rao",
  "Iyer",
  "Singh",
  "Gupta",
  "Mehta",
  "Reddy",
  "Joshi",
  "Bose",
  "Patel",
  "Menon",
];
const STATUSES = [
  "pending",
  "processing",
  "processing",
  "shipped",
  "delivered",
  "delivered",
  "delivered",
  "cancelled",
] as const;
const PRODUCTS = [
  "Varmala Preservation Frame",
  "Resin Luggage Tag",
  "Ocean Wall Art",
  "Family Nameplate",
  "Keepsake Coaster Set",
  "Floral Photo Frame",
];

/** The owner, one shopper and ORDER_COUNT orders of theirs (deterministic). */
export async function seedBenchOrders(
  db: import("~/server/db/client").Db,
  ownerUid: string,
): Promise<void> {
  const { schema } = await import("~/server/db/client");
  {
    await db
      .insert(schema.users)
      .values([
        { id: ownerUid, email: BENCH_OWNER.email, firstName: "Bench", role: "tm_admin" },
        { id: "bench-shopper", email: "bench-shopper@example.com", firstName: "Asha" },
      ])
      .onConflictDoNothing();
    const random = seededRandom(10);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const now = Date.now();
    const BATCH = 500;
    for (let start = 0; start < ORDER_COUNT; start += BATCH) {
      const orders: (typeof schema.orders.$inferInsert)[] = [];
      const items: (typeof schema.orderItems.$inferInsert)[] = [];
      for (let i = start; i < Math.min(ORDER_COUNT, start + BATCH); i++) {
        const id = `ord_bench_${String(i).padStart(6, "0")}`;
        const created = new Date(now - (ORDER_COUNT - i) * 45 * 60_000);
        const status = pick(STATUSES);
        const name = {
          firstName: pick(FIRST),
          lastName: pick(LAST),
          phone: "9876543210",
          email: `buyer${i}@example.com`,
        };
        const address = {
          id: "a1",
          type: "Home",
          address1: `${i} MI Road`,
          address2: "",
          city: "Jaipur",
          state: "Rajasthan",
          zipCode: "302001",
          country: "India",
        };
        let total = 0;
        const lines = 1 + Math.floor(random() * 3);
        for (let l = 0; l < lines; l++) {
          const price = (500 + Math.floor(random() * 9_500)) * 100;
          const quantity = 1 + Math.floor(random() * 2);
          total += price * quantity;
          items.push({
            id: `${id}_${l}`,
            orderId: id,
            productName: pick(PRODUCTS),
            productImage: "/images/placeholder.svg",
            productWeightGrams: 400,
            variant: { Size: { id: "a4", value: "A4", price: 0 } },
            quantity,
            pricePaise: price,
          });
        }
        const at = created.toISOString();
        const stamps: Record<string, string> = { pending: at };
        if (status !== "pending" && status !== "cancelled") stamps.processing = at;
        if (status === "shipped" || status === "delivered") stamps.shipped = at;
        if (status === "delivered") stamps.delivered = at;
        const paid = status !== "pending" && status !== "cancelled";
        orders.push({
          id,
          userId: "bench-shopper",
          status,
          subtotalPaise: total,
          totalPaise: total,
          shippingName: name,
          billingName: name,
          shippingAddress: address,
          billingAddress: address,
          paymentStatus: paid ? "Paid" : status === "cancelled" ? "Expired" : "Pending",
          transactionId: paid ? `pay_${i}` : "",
          paymentAmountPaise: paid ? total : 0,
          provider: "local",
          upiId: paid ? "buyer@upi" : "",
          timeline: stamps,
          createdAt: created,
          updatedAt: created,
        });
      }
      await db.insert(schema.orders).values(orders);
      await db.insert(schema.orderItems).values(items);
    }
  }
}
