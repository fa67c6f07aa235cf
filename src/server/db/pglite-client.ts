/**
 * The PGlite client as Drizzle gets it: the type parsers set once, not sent with every query.
 *
 * Drizzle's PGlite driver passes its own parsers with each query (timestamps, dates, intervals and
 * their arrays kept as the database's text). PGlite merges them into a copy of its whole parser
 * table (318 entries) for every statement: about 0.2 ms of CPU and a large object of garbage per
 * query, more than a small query costs in the engine itself. Here the same parsers are set once on
 * the instance, after it has built its array parsers, and the client handed to Drizzle drops the
 * per-query copy (docs/decisions/0161-pglite-cpu-per-query-and-its-heap.md). The result of every query is
 * the same; pglite-client.test.ts holds the two lists together.
 *
 * Its statements are kept prepared, one named statement per SQL text, so the engine parses and
 * plans a text once and each run is one call into it (pglite-statements.ts,
 * docs/decisions/0310-pglite-named-statements.md).
 */
import {
  types,
  type PGlite,
  type QueryOptions as PgliteOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";
import { NamedStatements } from "./pglite-statements";

type QueryOptions = PgliteOptions | undefined;

/** The OIDs whose text Drizzle's PGlite driver keeps as it is, and the parser it gives them. */
export const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;

/** Drizzle's options without its parsers: the instance has them. */
function withoutParsers(options: QueryOptions): QueryOptions {
  if (!options?.parsers) return options;
  const { parsers: _sameAsTheInstance, ...rest } = options;
  return rest;
}

/** PGlite's own `query` still answers what the kept statements do not take (a blob, given types). */
const ownQuery = (options: QueryOptions) => Boolean(options?.blob || options?.paramTypes);

/** A transaction's handle as Drizzle uses it: `query`, inside PGlite's own transaction. */
class TransactionQueries {
  constructor(
    private readonly pglite: PGlite,
    private readonly tx: Transaction,
    private readonly statements: NamedStatements,
  ) {}

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const rest = withoutParsers(options);
    if (ownQuery(rest)) return this.tx.query<T>(query, params, rest);
    if (this.tx.closed) return Promise.reject(new Error("Transaction is closed"));
    return this.pglite._runExclusiveQuery(() => this.statements.run<T>(query, params, rest));
  }
}

const kept = new WeakMap<PGlite, NamedStatements>();

/** What Drizzle calls on its client: `query`, and `transaction` whose handle has `query`. */
export class PgliteForDrizzle {
  readonly statements: NamedStatements;

  constructor(private readonly pglite: PGlite) {
    // One cache per instance: the names live in the instance's one session.
    this.statements = kept.get(pglite) ?? new NamedStatements(pglite);
    kept.set(pglite, this.statements);
  }

  async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const rest = withoutParsers(options);
    if (ownQuery(rest)) return this.pglite.query<T>(query, params, rest);
    await this.pglite._checkReady();
    // The same locks as PGlite's query: after any transaction, one statement at a time.
    return this.pglite._runExclusiveTransaction(() =>
      this.pglite._runExclusiveQuery(async () => {
        const answer = await this.statements.run<T>(query, params, rest);
        await this.pglite.syncToFs();
        return answer;
      }),
    );
  }

  transaction<T>(run: (tx: TransactionQueries) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) =>
      run(new TransactionQueries(this.pglite, tx, this.statements)),
    );
  }
}

/**
 * Sets Drizzle's parsers on a ready PGlite instance and answers the client to give Drizzle. Only
 * Drizzle's queries go through it; the instance itself answers the same as before for them.
 */
export async function pgliteForDrizzle(pglite: PGlite): Promise<PGlite> {
  await pglite.waitReady; // PGlite builds its array parsers while it starts; ours go on top
  for (const oid of DRIZZLE_TEXT_TYPES) pglite.parsers[oid] = asText;
  return new PgliteForDrizzle(pglite) as unknown as PGlite;
}
