import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { constants } from "node:zlib";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

import { clientChunks } from "./bundling/client-chunks";
import { leanIcons } from "./bundling/lean-icons";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entries: our Express app (build/server/index.js), so the request handler,
  // the database connection and the worker share one module graph (one PGlite); and the jobs alone
  // (build/server/jobs.js) for worker.js, a process or thread without the pages (decision 034).
  // The browser's code is minified by Terser: ~3 KB less of it on a public page than esbuild,
  // Vite's default, leaves (decision 040).
  build: isSsrBuild
    ? { rollupOptions: { input: { index: "./server/app.ts", jobs: "./server/jobs.ts" } } }
    : { minify: "terser", terserOptions: { compress: { passes: 2 } } },
  // The icons the pages use are bundled into the server build, not loaded at start from
  // node_modules one file each (lucide-react's index, imported before decision 040, loaded ~1,600).
  ssr: { noExternal: ["lucide-react"] },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [
    // Every lucide icon drawn without the attributes app.css sets once (decision 042).
    leanIcons(),
    tailwindcss(),
    reactRouter(),
    // The browser's code cut into files by what each page and dialog loads (decision 040).
    clientChunks(),
    // The browser's files are compressed once, at their best, when built (server.js serves these
    // files; compressing per request would cost CPU and give bigger files).
    ...(isSsrBuild
      ? []
      : [
          compression({
            include: /\.(js|css|svg|json|txt|xml)$/,
            algorithms: [
              defineAlgorithm("gzip", { level: 9 }),
              defineAlgorithm("brotliCompress", { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
            ],
            logLevel: "silent",
          }),
        ]),
  ],
}));
