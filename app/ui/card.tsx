import * as React from "react";

import { cn } from "~/ui/class-names";
import { slotted } from "~/ui/slotted";

/** Its look is app.css's (`[data-slot=card]`): a dashboard or a list's figures show several. */
export const Card = slotted("div", "card");

export const CardHeader = slotted("div", "card-header", "grid gap-1.5 px-6");

/** A `<div>` by default; pass `as="h2"` (etc.) when the title belongs in the page outline. */
export function CardTitle({
  className,
  as: Comp = "div",
  ...props
}: React.ComponentProps<"div"> & { as?: "div" | "h1" | "h2" | "h3" | "h4" }) {
  return (
    <Comp
      data-slot="card-title"
      className={cn("text-lg leading-tight font-semibold", className)}
      {...props}
    />
  );
}

export const CardDescription = slotted("div", "card-description", "text-sm text-muted-foreground");

export const CardContent = slotted("div", "card-content", "px-6");

/** A card with its title (and a line that says what it is for) above what it holds: a page's panel. */
export function TitledCard({
  title,
  titleAs,
  description,
  className,
  contentClassName,
  children,
}: {
  title: React.ReactNode;
  titleAs?: "div" | "h1" | "h2" | "h3" | "h4";
  description?: React.ReactNode;
  className?: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle as={titleAs}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
