/**
 * The invoice series with two app server processes on one PostgreSQL (docs/decisions/0084): 200
 * orders paid at once, alternately through two processes (tests/helpers/books-worker.ts serving
 * recordPayment), get 200 invoices with consecutive numbers, no gap, no repeat. Ports
 * BOOKS_WORKER_PORT_A / _B (default 31000 / 31001). Runs only when TEST_DATABASE_URL names a
 * PostgreSQL server (PGlite is one process per folder).
 */
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { pendingOrder, saveSeller, seedBooksShop } from "./helpers/books";
import { startWorkers } from "./helpers/worker-processes";
import { createTestDb, type TestDb } from "./helpers/db";

const ports = [
  Number(process.env.BOOKS_WORKER_PORT_A ?? 31000),
  Number(process.env.BOOKS_WORKER_PORT_B ?? 31001),
] as const;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the invoice series on two app server processes (skipped without TEST_DATABASE_URL)",
  () => {
    let t: TestDb;
    const workers: ChildProcess[] = [];

    beforeAll(async () => {
      t = await createTestDb("postgres");
      await seedBooksShop(t.db, "two-process-buyer");
      await saveSeller(t.db);
      await startWorkers(t, "tests/helpers/books-worker.ts", ports, workers, 600);
    }, 120_000);

    afterAll(async () => {
      for (const worker of workers) worker.kill("SIGTERM");
      await t?.close();
    });

    it("200 payments at once through two processes give 200 consecutive invoice numbers", async () => {
      const orders = [];
      for (let i = 0; i < 200; i++) orders.push(await pendingOrder(t.db, "two-process-buyer"));
      const answers = await Promise.all(
        orders.map(async (o, i) => {
          const res = await fetch(
            `http://127.0.0.1:${ports[i % 2]}/pay?order=${o.id}&amount=${o.totalPaise}`,
            { method: "POST" },
          );
          return res.text();
        }),
      );
      expect(answers.filter((a) => a === "paid")).toHaveLength(200);
      const issued = await t.db.select().from(schema.invoices);
      expect(issued).toHaveLength(200);
      const sequences = issued.map((d) => d.sequence).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      expect(new Set(issued.map((d) => d.number)).size).toBe(200);
      expect(new Set(issued.map((d) => d.orderId)).size).toBe(200);
    }, 180_000);
  },
);
