/**
 * Named prepared statements on PGlite, one per distinct SQL text (a bounded cache, least recently
 * used out first), as node-postgres keeps them on PostgreSQL.
 *
 * PGlite's own `query()` sends every statement unnamed, in six calls into the engine (Parse,
 * Describe the statement, Bind, Describe the portal, Execute, Sync): the engine parses, analyses
 * and plans the text every time. Here a text is parsed once (Parse, Describe, Sync in one call) and
 * its parameter types and row description kept; every run after that is Bind, Execute, Sync in one
 * call, and the engine's plan cache works as it does for any named statement. The answer is built
 * by PGlite's own `parseResults` with the kept row description, so it is the same answer
 * (docs/decisions/0310-pglite-named-statements.md).
 *
 * The caller holds PGlite's query lock (`_runExclusiveQuery`) around `run`.
 */
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from "@electric-sql/pglite";

const { serialize } = protocol;
type RowDescription = InstanceType<typeof protocol.messages.RowDescriptionMessage>;
type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

/** Distinct statement texts kept prepared at once; the least recently used goes first. */
export const STATEMENT_CACHE_SIZE = 200;

/**
 * Errors after which a kept statement is parsed again next time: its plan's result type changed
 * (0A000, "cached plan must not change result type", after a table it reads was altered) or it is
 * gone (26000, after a DEALLOCATE).
 */
const STALE = new Set(["0A000", "26000"]);

/** Commands after which every kept statement is parsed again: they may change a table's shape. */
const RESHAPES = new Set(["CREATE", "ALTER", "DROP"]);

interface Prepared {
  name: string;
  paramTypes: number[];
  description: RowDescription | undefined;
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Names are unique in the process, so two caches on one instance never collide. */
let named = 0;

export class NamedStatements {
  /** Insertion order is use order: the first entry is the least recently used. */
  readonly #kept = new Map<string, Prepared>();
  /** Names evicted from the cache, closed in the engine with the next Parse. */
  #toClose: string[] = [];

  constructor(
    private readonly pglite: PGlite,
    readonly size = STATEMENT_CACHE_SIZE,
  ) {}

  /** How many statements are kept prepared now. */
  get kept(): number {
    return this.#kept.size;
  }

  /** Runs one statement, as PGlite's `query` would answer it. */
  async run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    try {
      return await this.#run<T>(text, params, options);
    } catch (error) {
      // A kept statement gone stale outside a transaction is parsed again and run once more, as an
      // unnamed one would have run; inside a transaction the error has already ended it.
      const stale = error instanceof protocol.messages.DatabaseError && STALE.has(error.code ?? "");
      if (!stale || this.#kept.has(text) || this.pglite.isInTransaction()) throw error;
      return await this.#run<T>(text, params, options);
    }
  }

  /** Forgets every kept statement (closed in the engine with the next Parse). */
  forgetAll(): void {
    for (const text of [...this.#kept.keys()]) this.#forget(text);
  }

  async #run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    let prepared = this.#kept.get(text);
    try {
      if (prepared) this.#kept.delete(text);
      prepared ??= await this.#prepare(text, options);
      this.#kept.set(text, prepared);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = prepared!.paramTypes[i]!;
        const write = options?.serializers?.[oid] ?? this.pglite.serializers[oid];
        return write ? write(param) : String(param);
      });
      const answer = await this.pglite.execProtocolStream(
        joined([
          serialize.bind({ statement: prepared.name, values }),
          serialize.execute(),
          serialize.sync(),
        ]),
        { syncToFs: false, onNotice: options?.onNotice },
      );
      const messages: BackendMessage[] = prepared.description
        ? [prepared.description, ...answer]
        : answer;
      const result = parse.parseResults(messages, this.pglite.parsers, options)[0] as Results<T>;
      if (RESHAPES.has(result.command ?? "")) this.forgetAll();
      return result;
    } catch (error) {
      if (!(error instanceof protocol.messages.DatabaseError)) throw error;
      if (prepared && STALE.has(error.code ?? "")) this.#forget(text);
      throw Object.assign(error, { query: text, params, queryOptions: options });
    }
  }

  /** Parses `text` under a new name, closing the evicted ones in the same call. */
  async #prepare(text: string, options?: QueryOptions): Promise<Prepared> {
    const name = `s${(named++).toString(36)}`;
    const closing = this.#toClose.map((old) => serialize.close({ type: "S", name: old }));
    this.#toClose = [];
    const answer = await this.pglite.execProtocolStream(
      joined([
        ...closing,
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    let paramTypes: number[] = [];
    let description: RowDescription | undefined;
    for (const message of answer) {
      if (message instanceof protocol.messages.ParameterDescriptionMessage)
        paramTypes = message.dataTypeIDs;
      if (message instanceof protocol.messages.RowDescriptionMessage) description = message;
    }
    if (this.#kept.size >= this.size) {
      const [oldest] = this.#kept.keys();
      if (oldest !== undefined) this.#forget(oldest);
    }
    return { name, paramTypes, description };
  }

  #forget(text: string): void {
    const prepared = this.#kept.get(text);
    if (!prepared) return;
    this.#kept.delete(text);
    this.#toClose.push(prepared.name);
  }
}
