import { getDb, schema } from "../../server/db/client";
import { json, methods } from "../../server/http";

export const { GET, ALL } = methods({
  GET: async () => {
    const db = await getDb();
    const rows = await db.select().from(schema.categories);
    return json({ ok: true, categories: rows.length });
  },
});
