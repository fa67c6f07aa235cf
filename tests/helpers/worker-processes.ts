/**
 * App server processes on the suite's PostgreSQL database, for the two-process suites
 * (tests/checkout-two-process.test.ts, tests/invoices-two-process.test.ts,
 * tests/catalogue-two-servers.test.ts, tests/catalogue-ready-answers.test.ts): each is
 * `tsx <script>` with DATABASE_URL naming the suite's database and background jobs off, on the port
 * WORKER_PORT names or, for startPortWorker, one it picks and prints.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rawRows } from "~/server/db/raw-rows";
import type { TestDb } from "./db";

/** TEST_DATABASE_URL naming the suite's own database. */
async function suiteDatabaseUrl(t: TestDb): Promise<string> {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const [database] = await rawRows<{ name: string }>(t.db, sql`select current_database() as name`);
  url.pathname = `/${database!.name}`;
  return url.toString();
}

async function waitReady(port: number, worker: ChildProcess, tries: number): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (worker.exitCode !== null)
      throw new Error(`worker on ${port} exited with ${worker.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ready`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`worker on ${port} did not start`);
}

/**
 * Starts one worker per port, each added to `workers` at once (the suite's afterAll stops them
 * whatever happens), and waits until every /ready answers, asking every 100 ms `tries` times.
 */
export async function startWorkers(
  t: TestDb,
  script: string,
  ports: readonly number[],
  workers: ChildProcess[],
  tries: number,
): Promise<void> {
  const url = await suiteDatabaseUrl(t);
  for (const port of ports) {
    const worker = spawn(path.resolve("node_modules/.bin/tsx"), [script], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        WORKER_PORT: String(port),
        BACKGROUND_JOBS: "false",
        VITEST: "",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    workers.push(worker);
  }
  await Promise.all(ports.map((port, i) => waitReady(port, workers[i]!, tries)));
}

/**
 * Starts one worker that listens on a port of its own choosing and prints `port=<n>` once ready
 * (tests/helpers/catalogue-worker.ts, tests/helpers/ready-worker.ts), added to `workers` at once;
 * answers its base URL.
 */
export async function startPortWorker(
  t: TestDb,
  script: string,
  workers: ChildProcess[],
): Promise<string> {
  const worker = spawn(path.resolve("node_modules/.bin/tsx"), [script], {
    env: {
      ...process.env,
      DATABASE_URL: await suiteDatabaseUrl(t),
      BACKGROUND_JOBS: "false",
      VITEST: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  workers.push(worker);
  return new Promise<string>((resolve, reject) => {
    worker.stdout!.on("data", (chunk: Buffer) => {
      const port = /port=(\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    worker.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}
