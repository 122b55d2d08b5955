import ArrowLeft from "lucide-react/icons/arrow-left";
import type * as React from "react";
import { Link } from "react-router";

import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/class-names";

const LOOKS = {
  /** A small ghost button above the page's title. */
  button: buttonVariants({ variant: "ghost", size: "sm" }),
  /** A quiet line of text, like a breadcrumb, above the title. */
  quiet: "inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline",
} as const;

/** The way back from a page to the list (or page) it was opened from, with its arrow. */
export function BackLink({ to, look = "button", className, children }: { to: string; look?: keyof typeof LOOKS; className?: string; children: React.ReactNode }) {
  return (
    <Link to={to} className={cn(LOOKS[look], className)}>
      <ArrowLeft className="size-4" aria-hidden="true" /> {children}
    </Link>
  );
}
