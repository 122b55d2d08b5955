/**
 * One query for the reads asked for together. `batchedReads(readMany)` answers each `read(key)` from
 * one call of `readMany` over every key asked for in the same turn of the event loop: requests that
 * arrive together (parsed in one poll of the sockets) share a query. A query costs the same for one
 * key as for ten on the embedded database (parsing, planning and the protocol dominate: ~0.5 ms of
 * CPU, ~0.05 ms per key in a query for 25), so a burst of visitors costs a fraction of a query each;
 * one visitor alone waits one turn more (microseconds). A failed query fails every read it held.
 */
export function batchedReads<K, V>(readMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>): (key: K) => Promise<V | undefined> {
  type Waiting = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let batch: Map<K, Waiting[]> | null = null;

  async function run(keys: Map<K, Waiting[]>): Promise<void> {
    try {
      const found = await readMany([...keys.keys()]);
      for (const [key, waiting] of keys) for (const { resolve } of waiting) resolve(found.get(key));
    } catch (error) {
      for (const waiting of keys.values()) for (const { reject } of waiting) reject(error);
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!batch) {
        const gathering = new Map<K, Waiting[]>();
        batch = gathering;
        // After this turn's I/O callbacks and their promise chains: every request parsed in it has asked.
        setImmediate(() => {
          batch = null;
          void run(gathering);
        });
      }
      const waiting = batch.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
    });
}
