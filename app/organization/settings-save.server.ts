import { parseForm } from "~/forms/form-action.server";
import type { z } from "~/forms/zod";
import { SETTINGS_SAVED } from "./settings-forms";

/** A Settings tab's save intent: the form parsed by its schema, handed to `save`, answered with the spec's toast. */
export function settingsSave<I extends string, S extends z.ZodType>(intent: I, schema: S, save: (input: z.infer<S>) => Promise<unknown>) {
  return async (form: FormData) => {
    await save(parseForm(schema, form));
    return { ok: true as const, intent, toast: SETTINGS_SAVED };
  };
}
