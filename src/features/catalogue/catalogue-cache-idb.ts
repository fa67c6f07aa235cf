/**
 * The catalogue cache's storage in the browser: IndexedDB database `ecommerceDB`, version 1, with
 * the object stores `products` and `featuredproducts`, each keyed by `id` (docs/product.md §3 "Local browser
 * database"). Written with `idb`; unit tests run it on `fake-indexeddb`.
 */
import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { HomeProduct, Product } from "./catalogue";
import {
  CATALOGUE_DB_NAME,
  CATALOGUE_DB_VERSION,
  type CatalogueStorage,
  type StoreName,
} from "./catalogue-cache";

interface CatalogueDbSchema extends DBSchema {
  products: { key: string; value: Product };
  featuredproducts: { key: string; value: HomeProduct };
}

/** ecommerceDB v1 with the object stores products and featuredproducts, keyed by id. */
export function idbCatalogueStorage(): CatalogueStorage {
  let opening: Promise<IDBPDatabase<CatalogueDbSchema>> | undefined;
  const open = () => {
    opening ??= openDB<CatalogueDbSchema>(CATALOGUE_DB_NAME, CATALOGUE_DB_VERSION, {
      upgrade(db) {
        if (!db.objectStoreNames.contains("products"))
          db.createObjectStore("products", { keyPath: "id" });
        if (!db.objectStoreNames.contains("featuredproducts"))
          db.createObjectStore("featuredproducts", { keyPath: "id" });
      },
    }).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
  // The generic store name cannot be narrowed through idb's typings; the schema above is the contract.
  type AnyDb = IDBPDatabase<CatalogueDbSchema> & {
    getAll(store: StoreName): Promise<unknown[]>;
    get(store: StoreName, id: string): Promise<unknown>;
  };
  return {
    async getAll(store) {
      const db = (await open()) as AnyDb;
      return (await db.getAll(store)) as never;
    },
    async get(store, id) {
      const db = (await open()) as AnyDb;
      return (await db.get(store, id)) as never;
    },
    async put(store, items) {
      const db = await open();
      const tx = db.transaction(store as "products", "readwrite");
      await Promise.all([...items.map((item) => tx.store.put(item as Product)), tx.done]);
    },
    async replaceAll(store, items) {
      const db = await open();
      const tx = db.transaction(store as "products", "readwrite");
      await Promise.all([
        tx.store.clear(),
        ...items.map((item) => tx.store.put(item as Product)),
        tx.done,
      ]);
    },
  };
}
