import * as React from "react";

import { cn } from "~/ui/class-names";
import { Label } from "~/ui/label";

/** Props FormField injects into its control; any input-like element or component accepting them works. */
export type FormFieldControlProps = {
  id?: string;
  name?: string;
  required?: boolean;
  "aria-invalid"?: boolean | "true" | "false" | "grammar" | "spelling";
  "aria-describedby"?: string;
};

export type FormFieldProps = {
  label: React.ReactNode;
  /** The control's `name`; also its default `id`, so the error id is `${name}-error`. */
  name: string;
  /** Override when the same field name appears twice on one page. */
  id?: string;
  error?: string | string[] | null;
  description?: React.ReactNode;
  required?: boolean;
  className?: string;
  children: React.ReactElement<FormFieldControlProps>;
};

export function FormField({
  label,
  name,
  id = name,
  error,
  description,
  required = false,
  className,
  children,
}: FormFieldProps) {
  const errorText = Array.isArray(error) ? error.join(" ") : error;
  const hasError = Boolean(errorText);
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;

  const childProps = children.props;
  const describedBy =
    [childProps["aria-describedby"], description ? descriptionId : null, hasError ? errorId : null]
      .filter(Boolean)
      .join(" ") || undefined;

  const control = React.cloneElement(children, {
    id,
    name: childProps.name ?? name,
    required: childProps.required ?? (required || undefined),
    "aria-invalid": hasError ? true : childProps["aria-invalid"],
    "aria-describedby": describedBy,
  });

  return (
    <div data-slot="form-field" className={cn("grid gap-2", className)}>
      <Label htmlFor={id} className={cn(hasError && "text-destructive")}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        ) : null}
      </Label>
      {control}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}

/** A form's message for the whole form (a refusal no field explains), announced when it appears. */
export function FormError({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">{message}</p>;
}
