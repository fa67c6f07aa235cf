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
 */
import { types, type PGlite, type Transaction } from "@electric-sql/pglite";

type QueryOptions = Parameters<PGlite["query"]>[2];

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

/** What Drizzle calls on its client: `query`, and `transaction` whose handle has `query`. */
class QueryWithoutParsers {
  constructor(private readonly client: Pick<Transaction, "query">) {}

  query(query: string, params?: unknown[], options?: QueryOptions) {
    if (!options?.parsers) return this.client.query(query, params, options);
    const { parsers: _sameAsTheInstance, ...rest } = options;
    return this.client.query(query, params, rest);
  }
}

class ClientWithoutParsers extends QueryWithoutParsers {
  constructor(private readonly pglite: PGlite) {
    super(pglite);
  }

  transaction<T>(run: (tx: QueryWithoutParsers) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) => run(new QueryWithoutParsers(tx)));
  }
}

/**
 * Sets Drizzle's parsers on a ready PGlite instance and answers the client to give Drizzle. Only
 * Drizzle's queries go through it; the instance itself answers the same as before for them.
 */
export async function pgliteForDrizzle(pglite: PGlite): Promise<PGlite> {
  await pglite.waitReady; // PGlite builds its array parsers while it starts; ours go on top
  for (const oid of DRIZZLE_TEXT_TYPES) pglite.parsers[oid] = asText;
  return new ClientWithoutParsers(pglite) as unknown as PGlite;
}
