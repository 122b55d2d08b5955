import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "app/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Schemas take zod from ~/forms/zod, which configures it for the CSP before any schema is built.
      // Icons come one module each: lucide-react's index imports all ~1,600, and the browser's files
      // are cut by what each page imports (decision 040).
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "Import { z } from \"~/forms/zod\"." },
            { name: "lucide-react", message: "Import each icon from \"lucide-react/icons/<name>\".", allowTypeImports: true },
          ],
        },
      ],
    },
  },
  // The configuration, below the forms kit in the layers, takes zod itself (it never runs in a browser).
  { files: ["app/forms/zod.ts", "app/config.server.ts"], rules: { "@typescript-eslint/no-restricted-imports": "off" } },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setImmediate: "readonly", fetch: "readonly" } },
  },
);
