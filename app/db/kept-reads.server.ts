import { getTableName, sql, type Table } from "drizzle-orm";
import { logger } from "~/logging/logger.server";
import { currentDatabase, type DatabaseHandle } from "./connection.server";

/**
 * What one kind of kept value is and what it depends on: every table whose change must drop it.
 * Each such table has a trigger that notifies `channel` on every committed write (a test checks it
 * on the migrated database, tests/integration/kept-reads-declared.test.ts).
 */
export type KeptReadDeclaration = { name: string; channel: string; dependsOn: readonly string[] };

const declarations: KeptReadDeclaration[] = [];

/**
 * Names a kept read and the tables it depends on (a table, or its name where the table is a domain's
 * above the declaring one); declared where the read is, when its module loads.
 */
export function declareKeptRead(declaration: { name: string; channel: string; dependsOn: readonly (Table | string)[] }): KeptReadDeclaration {
  const dependsOn = declaration.dependsOn.map((table) => (typeof table === "string" ? table : getTableName(table)));
  const declared = { name: declaration.name, channel: declaration.channel, dependsOn };
  declarations.push(declared);
  return declared;
}

/** Every kept read declared by the modules loaded so far. */
export function declaredKeptReads(): readonly KeptReadDeclaration[] {
  return declarations;
}

/**
 * For measuring what a kept read saves (docs/benchmarks/admin-lists.md): `KEPT_READS_OFF`, the
 * names of kept reads separated by ";" (or "all"), makes their shelves keep nothing, so the same
 * build serves with and without them side by side.
 */
function keptReadSwitchedOff(declared: KeptReadDeclaration): boolean {
  const off = (process.env.KEPT_READS_OFF ?? "").split(";").map((name) => name.trim());
  return off.includes("all") || off.includes(declared.name);
}

/** How long caughtUp() waits for its echo at most. */
const ECHO_TIMEOUT_MS = 2_000;

/**
 * Reads kept in this process while nothing they depend on changed (decision 009, first for the
 * booking page; decision 041 for what every back-office page reads). Triggers on the tables
 * notify a channel on every committed write; this process listens, and any notification drops
 * everything kept under that channel (a version that every notification bumps).
 *
 * Embedded (PGlite): the notification is handled while the COMMIT is answered, before the writer's
 * query resolves, so a read after a write always sees it. Server (PostgreSQL, maybe several
 * processes): each process hears the commit on its own listening connection, typically within a
 * millisecond; while that connection is down nothing is kept, and when it is back everything
 * kept before is dropped. A shelf also keeps a value no longer than its `maxAgeMs`, in case a
 * notification is silently lost.
 */
export class KeptReads {
  /** Bumped by every notification and every gap in listening: a kept value of another version is dropped. */
  private version = 0;
  private listening = false;
  private starting: Promise<void> | undefined;
  private readonly shelves = new Set<Shelf<unknown>>();
  private readonly waitingForEcho = new Map<string, () => void>();
  private echoes = 0;

  constructor(
    private readonly database: DatabaseHandle,
    readonly channel: string,
    private readonly where: KeptWhere = "everywhere",
  ) {}

  /** Starts listening (once); resolves when the first attempt is over, heard or not. */
  ready(): Promise<void> {
    if (this.where === "embedded" && this.database.kind !== "embedded") return Promise.resolve();
    this.starting ??= this.database
      .listen(this.channel, {
        onNotification: (payload) => {
          this.forget();
          this.waitingForEcho.get(payload)?.();
        },
        onListening: () => {
          this.forget();
          this.listening = true;
        },
        onInterrupted: () => {
          this.listening = false;
          this.forget();
          for (const resolve of this.waitingForEcho.values()) resolve();
        },
      })
      .then(() => undefined)
      .catch((error: unknown) => {
        // Without notifications nothing is kept (every read goes to the database); try again next time.
        logger.warn({ err: error, channel: this.channel }, "cannot listen for changes; nothing is kept");
        this.starting = undefined;
      });
    return this.starting;
  }

  /** Whether values are kept now (listening for changes). */
  get keeping(): boolean {
    return this.listening;
  }

  /** A shelf of the values `declared` (under this channel): at most `limit` of them (the oldest kept goes first), each at most `maxAgeMs`. */
  shelf<T>(declared: KeptReadDeclaration, limit: number, maxAgeMs: number): Shelf<T> {
    if (declared.channel !== this.channel) throw new Error(`${declared.name} is declared on "${declared.channel}", not "${this.channel}"`);
    const shelf = new Shelf<T>(this, keptReadSwitchedOff(declared) ? 0 : limit, maxAgeMs);
    this.shelves.add(shelf as Shelf<unknown>);
    return shelf;
  }

  /** The current version, for a shelf: what it keeps under another one is stale. */
  get currentVersion(): number {
    return this.version;
  }

  /**
   * Resolves once this process has heard every change committed before the call: it notifies the
   * channel itself and waits for that echo, which PostgreSQL delivers after the notifications of
   * every transaction that committed earlier. On the embedded database there is nothing to wait
   * for: a notification is handled while its COMMIT is answered.
   */
  async caughtUp(): Promise<void> {
    await this.ready();
    if (!this.listening || this.database.kind === "embedded") return;
    this.echoes += 1;
    const payload = `caught-up ${process.pid} ${this.echoes}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      this.waitingForEcho.set(payload, resolve);
      // A connection that died without a word never echoes: the caller goes on.
      timer = setTimeout(resolve, ECHO_TIMEOUT_MS);
    });
    try {
      await this.database.db.execute(sql`select pg_notify(${this.channel}, ${payload})`);
      await heard;
    } finally {
      clearTimeout(timer);
      this.waitingForEcho.delete(payload);
    }
  }

  private forget(): void {
    this.version += 1;
    for (const shelf of this.shelves) shelf.clear();
  }
}

/**
 * Where values are kept: on every database, or only on the embedded one, where a change is heard
 * before the writer's query resolves. On a server database another process's change is heard a
 * moment after its commit; reads that must never lag a change by that moment (a session ended, a
 * role taken) are then read every time, where the queries run in PostgreSQL's process anyway.
 */
export type KeptWhere = "everywhere" | "embedded";

/** What a read answers: its value, and the instant (ms) until which it holds without a change. */
export type Reading<T> = { value: T; until: number };

type Kept<T> = { value: T; version: number; until: number };
type Flight<T> = { version: number; reading: Promise<Reading<T>> };

/** Values of one kind kept by key under a channel's version (see KeptReads). */
export class Shelf<T> {
  private readonly kept = new Map<string, Kept<T>>();
  private readonly flights = new Map<string, Flight<T>>();

  constructor(
    private readonly reads: KeptReads,
    private readonly limit: number,
    private readonly maxAgeMs: number,
  ) {}

  /** The value kept for `key` if it is good at `now`, without waiting for anything (a fast path). */
  peek(key: string, now = Date.now()): T | undefined {
    if (!this.reads.keeping) return undefined;
    const found = this.kept.get(key);
    return found && found.version === this.reads.currentVersion && now < found.until ? found.value : undefined;
  }

  /** The value of `key` at `now`: the kept one while it is good, else `read` (once, however many ask at the same time). */
  async get(key: string, now: Date, read: () => Promise<Reading<T>>): Promise<T> {
    await this.reads.ready();
    const at = now.getTime();
    if (!this.reads.keeping) return (await read()).value;
    const version = this.reads.currentVersion;
    const found = this.kept.get(key);
    if (found && found.version === version && at < found.until) return found.value;
    // Join a reading of the same version that is under way, if it is still good at `now`.
    const flight = this.flights.get(key);
    if (flight && flight.version === version) {
      const joined = await flight.reading;
      if (at < joined.until) return joined.value;
      return (await read()).value;
    }
    const reading = read().then(({ value, until }) => ({ value, until: Math.min(until, at + this.maxAgeMs) }));
    this.flights.set(key, { version, reading });
    try {
      const { value, until } = await reading;
      // Kept only if no change was heard while reading (the value could predate it) and still listening.
      if (this.reads.keeping && this.reads.currentVersion === version && at < until) {
        this.kept.delete(key);
        this.kept.set(key, { value, version, until });
        if (this.kept.size > this.limit) {
          const oldest = this.kept.keys().next();
          if (!oldest.done) this.kept.delete(oldest.value);
        }
      }
      return value;
    } finally {
      if (this.flights.get(key)?.reading === reading) this.flights.delete(key);
    }
  }

  clear(): void {
    this.kept.clear();
  }
}

/** One KeptReads per database handle and channel (tests switch databases); a channel has one owner, who says where it keeps. */
export function keptReadsOf(database: DatabaseHandle, channel: string, where: KeptWhere = "everywhere"): KeptReads {
  let byChannel = registry.get(database);
  if (!byChannel) {
    byChannel = new Map();
    registry.set(database, byChannel);
  }
  let reads = byChannel.get(channel);
  if (!reads) {
    reads = new KeptReads(database, channel, where);
    byChannel.set(channel, reads);
  }
  return reads;
}

const registry = new WeakMap<DatabaseHandle, Map<string, KeptReads>>();

/**
 * Resolves once every channel kept on this database has heard each change committed before the
 * call (KeptReads.caughtUp): a test that rewrote the database reads nothing kept from before.
 */
export async function everyKeptReadCaughtUp(database: DatabaseHandle): Promise<void> {
  await Promise.all([...(registry.get(database)?.values() ?? [])].map((reads) => reads.caughtUp()));
}

/**
 * A shelf of the values `declared`, per database handle: `shelf()` answers the current database's
 * (the same one on every call).
 */
export function keptShelf<T>(declared: KeptReadDeclaration, options: { maxAgeMs: number; limit: number; where?: KeptWhere }): (database?: DatabaseHandle) => Shelf<T> {
  const shelves = new WeakMap<DatabaseHandle, Shelf<T>>();
  return (database = currentDatabase()) => {
    let shelf = shelves.get(database);
    if (!shelf) {
      shelf = keptReadsOf(database, declared.channel, options.where).shelf<T>(declared, options.limit, options.maxAgeMs);
      shelves.set(database, shelf);
    }
    return shelf;
  };
}
