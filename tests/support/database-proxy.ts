import net from "node:net";

/**
 * A TCP proxy in front of a PostgreSQL server, in this process, that can play a database restart
 * for whatever connects through it (the tests' app processes, `npm run chaos -- --restart-postgres=proxy`):
 * `cut()` destroys every connection at once and stops listening, so new ones are refused as by a
 * server that is down; `heal()` listens again on the same port. The server itself, shared with
 * other runs, is never touched.
 */
export type DatabaseProxy = {
  /** `databaseUrl` with the proxy's host and port. */
  url(databaseUrl: string): string;
  port: number;
  /** Connections open through the proxy now. */
  readonly open: number;
  /** What the app sends on the connections open now is no longer passed on (a server that stopped answering), until they are cut. */
  stall(): void;
  /** Every connection cut, new ones refused until `heal()`. */
  cut(): Promise<void>;
  heal(): Promise<void>;
  /** `cut()`, `downMs` later `heal()`. */
  restart(downMs: number): Promise<void>;
  close(): Promise<void>;
};

export async function startDatabaseProxy(serverUrl: string): Promise<DatabaseProxy> {
  const target = new URL(serverUrl);
  const targetHost = target.hostname || "127.0.0.1";
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<net.Socket>();
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();

  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    const pair = { client, upstream };
    pairs.add(pair);
    client.once("close", () => pairs.delete(pair));
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      // Either side's end or error ends both: a half-open pair would leave a client waiting forever.
      socket.on("error", () => undefined);
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  let listening = true;

  const cut = async () => {
    const closed = listening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    listening = false;
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  const heal = async () => {
    if (listening) return;
    await listen(port);
    listening = true;
  };

  return {
    port,
    url(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    get open() {
      return [...sockets].length / 2;
    },
    stall() {
      for (const { client, upstream } of pairs) client.unpipe(upstream);
    },
    cut,
    heal,
    async restart(downMs) {
      await cut();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await heal();
    },
    async close() {
      await cut();
    },
  };
}
