/**
 * A second app server on the same PostgreSQL sees the owner's save soon after (decision 0040: the
 * catalogue version row, re-read at most every 400 ms): polled, never slept on. The worker
 * (tests/helpers/catalogue-worker.ts) holds the catalogue in its own memory.
 */
import type { ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueChanged } from "~/features/catalogue/catalogue-version.server";
import { schema } from "~/server/db/client";
import { makeProduct } from "~/server/seed/factories";
import { createTestDb, type TestDb } from "./helpers/db";
import { startPortWorker } from "./helpers/worker-processes";

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "a second app server on the same PostgreSQL (skipped without TEST_DATABASE_URL)",
  () => {
    let t: TestDb;
    const workers: ChildProcess[] = [];
    let base = "";
    let id = "";

    beforeAll(async () => {
      t = await createTestDb("postgres");
      id = (await makeProduct(t.db, { name: "Before the save" })).id;
      base = await startPortWorker(t, "tests/helpers/catalogue-worker.ts", workers);
    }, 120_000);

    afterAll(async () => {
      for (const worker of workers) worker.kill("SIGTERM");
      await t?.close();
    });

    it("sees a save made by this process within about a second (polled)", async () => {
      const read = async () =>
        (await (await fetch(`${base}/v2/products/${id}`)).json()) as { name: string };
      expect((await read()).name).toBe("Before the save"); // now held in the worker's memory
      await t.db.transaction(async (tx) => {
        await tx.update(schema.products).set({ name: "After the save" }).where(sql`id = ${id}`);
        await catalogueChanged(tx);
      });
      const saved = Date.now();
      let seen = "";
      // Polls until the change shows; the promise is under a second, the limit leaves room for a busy machine.
      while (Date.now() - saved < 5_000) {
        seen = (await read()).name;
        if (seen === "After the save") break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen).toBe("After the save");
      const list = (await (
        await fetch(`${base}/v2/products?limit=0&offset=0&status=active`)
      ).json()) as { id: string; name: string }[];
      expect(list.find((p) => p.id === id)?.name).toBe("After the save");
    });
  },
);
