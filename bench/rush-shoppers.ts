/**
 * The order rush's shoppers and goods: accounts in the Auth Emulator (real emulator tokens, checked
 * by the server as in the demo), their rows and one saved address each in the scratch database,
 * and two products without variants (made to order); `pieces` adds two products counted in stock
 * with that many each (docs/decisions/0216). Written before the server opens the database.
 */
import { schema, type Db } from "~/server/db/client";
import { makeCategory, makeProduct } from "~/server/seed/factories";

export interface Shopper {
  uid: string;
  email: string;
  token: string;
}

/** `count` new emulator accounts, made `parallel` at a time. */
export async function makeShoppers(
  emulatorHost: string,
  count: number,
  tag: string,
  parallel = 20,
): Promise<Shopper[]> {
  const url = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`;
  const shoppers: Shopper[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Array.from({ length: Math.min(parallel, count - start) }, (_, i) => start + i);
    shoppers.push(
      ...(await Promise.all(
        batch.map(async (i) => {
          const email = `rush-${tag}-${i}@example.com`;
          const response = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email, password: "bench-password-1", returnSecureToken: true }),
          });
          if (!response.ok) throw new Error(`emulator sign-up: ${response.status}`);
          const data = (await response.json()) as { localId: string; idToken: string };
          return { uid: data.localId, email, token: data.idToken };
        }),
      )),
    );
  }
  return shoppers;
}

/**
 * Rows and addresses ("addr-1") for the shoppers; two products, then with `pieces` two stocked
 * ones (one for each of the rush's two parts); answers the products' ids in that order.
 */
export async function seedRush(db: Db, shoppers: Shopper[], pieces = 0): Promise<string[]> {
  for (let i = 0; i < shoppers.length; i += 200) {
    const slice = shoppers.slice(i, i + 200);
    await db
      .insert(schema.users)
      .values(
        slice.map((s) => ({ id: s.uid, email: s.email, firstName: "Asha", lastName: "Verma" })),
      );
    await db.insert(schema.addresses).values(
      slice.map((s) => ({
        userId: s.uid,
        id: "addr-1",
        type: "Home",
        fName: "Asha",
        lName: "Verma",
        phone: "9876543210",
        address1: "12 MI Road",
        city: "Jaipur",
        state: "Rajasthan",
        zipCode: "302001",
      })),
    );
  }
  const categoryId = (await makeCategory(db)).id;
  const frame = await makeProduct(db, { name: "Rush Photo Frame", categoryId, pricePaise: 149900 });
  const tag = await makeProduct(db, { name: "Rush Luggage Tag", categoryId, pricePaise: 49900 });
  const stocked: string[] = [];
  for (const name of pieces > 0 ? ["Rush Wall Panel", "Rush Coaster Set"] : []) {
    const piece = await makeProduct(db, { name, categoryId, pricePaise: 249900 });
    await db.insert(schema.productStock).values({ productId: piece.id, mode: "in_stock" });
    await db.insert(schema.stockLevels).values({ productId: piece.id, onHand: pieces });
    stocked.push(piece.id);
  }
  return [frame.id, tag.id, ...stocked];
}
