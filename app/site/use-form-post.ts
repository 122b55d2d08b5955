import { useCallback, useRef, useState } from "react";
import { UNREACHABLE_MESSAGE } from "~/leads/capture-outcome";

type Outcome = { ok: boolean };

/**
 * Posts a public form to its JSON endpoint with JavaScript (the form's own `action`
 * is the page that handles it without JavaScript). A network failure or a server that
 * answers with something other than the outcome becomes a refusal with a clear message,
 * so the form stays as the visitor left it.
 */
export function useFormPost<T extends Outcome>(endpoint: string, onOutcome: (outcome: T, form: HTMLFormElement) => void) {
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<T | undefined>(undefined);
  const busy = useRef(false);

  const onSubmit = useCallback(
    async (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      busy.current = true;
      setSubmitting(true);
      const form = event.currentTarget;
      let result: T;
      try {
        const response = await fetch(endpoint, { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } });
        const body = (await response.json()) as T;
        result = typeof body === "object" && body !== null && "ok" in body ? body : ({ ok: false, error: UNREACHABLE_MESSAGE } as unknown as T);
      } catch {
        result = { ok: false, error: UNREACHABLE_MESSAGE } as unknown as T;
      }
      busy.current = false;
      setSubmitting(false);
      setOutcome(result);
      onOutcome(result, form);
    },
    [endpoint, onOutcome],
  );

  return { submitting, outcome, onSubmit, reset: () => setOutcome(undefined) };
}
