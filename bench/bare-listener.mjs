// The floor `npm run bench:load` measures the site against: the same production build's pages
// behind node:http and React Router's request handler, nothing else (no request stack: no
// security headers, origin check, body limits, public-post limit or compression; no Express; no
// background worker; no kept booking pages). It opens the same database as the app (DATABASE_URL)
// and passes the loaders the one thing they read from the context: the visitor's address.
// Started by bench/load.ts with PORT set; prints "bare ready" when listening.
import http from "node:http";
import { createRequestListener } from "@react-router/node";

const { build, openStorage } = await import("../build/server/index.js");
await openStorage();

const listener = http.createServer(
  createRequestListener({ build, mode: "production", getLoadContext: (_request, client) => ({ clientAddress: client.address }) }),
);
listener.listen(Number(process.env.PORT), () => console.log("bare ready"));

process.on("SIGTERM", () => {
  listener.close();
  listener.closeAllConnections();
  process.exit(0);
});
