import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Each server entry under its own name (vite.config.ts): index.js, the app; jobs.js, the jobs alone.
  serverBuildFile: "[name].js",
} satisfies Config;
