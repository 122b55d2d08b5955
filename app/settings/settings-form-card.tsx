import type * as React from "react";
import type { useFormAction } from "~/forms/use-form-action";
import { Button } from "~/ui/button";
import { TitledCard } from "~/ui/card";

/**
 * A card whose form saves some of the settings, ended by its Save button. The form is keyed by what
 * was saved: after a save the fields show the stored values.
 */
export function SettingsFormCard({
  title,
  description,
  className,
  form,
  intent,
  saved,
  formClassName = "grid gap-4",
  saveClassName,
  children,
}: {
  title: string;
  description: string;
  className?: string;
  form: Pick<ReturnType<typeof useFormAction>, "fetcher" | "busy">;
  intent: string;
  saved: object;
  formClassName?: string;
  saveClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <TitledCard title={title} description={description} className={className}>
      <form.fetcher.Form method="post" className={formClassName} noValidate key={JSON.stringify(saved)}>
        <input type="hidden" name="intent" value={intent} />
        {children}
        <div className={saveClassName}>
          <Button type="submit" disabled={form.busy}>
            Save
          </Button>
        </div>
      </form.fetcher.Form>
    </TitledCard>
  );
}
