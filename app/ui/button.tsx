import * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";
import type { LucideIcon } from "lucide-react";
import { Link, type LinkProps } from "react-router";

import { cn } from "~/ui/class-names";

/**
 * Every look a button has is a variant here: `cn` joins classes without resolving conflicts, so a
 * caller adds layout (margins, width) but never a class that restyles what a variant sets. What
 * every button shares is the one class `button-base` (app.css): a page of rows has dozens of buttons.
 */
export const buttonVariants = cva(
  "button-base",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90 focus-visible:ring-ring",
        destructive:
          "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90 focus-visible:ring-destructive",
        outline:
          "border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring",
        /** An outlined button on a primary-coloured band. */
        "outline-inverse":
          "border border-primary-foreground bg-transparent text-primary-foreground hover:bg-primary-foreground/10 focus-visible:ring-primary-foreground",
        secondary: "bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/80 focus-visible:ring-ring",
        ghost: "hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring",
        link: "text-primary underline-offset-4 hover:underline focus-visible:ring-ring",
      },
      size: {
        default: "h-10 px-4 py-2 text-sm font-medium whitespace-nowrap",
        sm: "h-9 px-3 text-sm font-medium whitespace-nowrap",
        lg: "h-11 px-6 text-base font-medium whitespace-nowrap",
        /** As tall as its label needs: for labels that may wrap in a narrow card. */
        wrap: "min-h-10 px-4 py-2 text-sm font-medium whitespace-normal",
        icon: "size-10",
        "icon-sm": "size-8",
        "icon-xs": "size-6",
        /** A day in the calendar grid. */
        day: "size-9 p-0 text-sm font-normal",
      },
    },
    defaultVariants: {
      variant: "default",
      size: "default",
    },
  },
);

export type ButtonProps = React.ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { icon?: LucideIcon };

/** A `<button>`, with its icon before the label. A link that should look like one is a `LinkButton`. */
export function Button({ className, variant, size, icon: Icon, children, ...props }: ButtonProps) {
  return (
    <button data-slot="button" className={cn(buttonVariants({ variant, size }), className)} {...props}>
      {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/** A link that looks like a button (an action that opens another page), with its icon before the label. */
export function LinkButton({ className, variant, size, icon: Icon, children, ...link }: LinkProps & VariantProps<typeof buttonVariants> & { icon?: LucideIcon }) {
  return (
    <Link className={cn(buttonVariants({ variant, size }), className)} {...link}>
      {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
      {children}
    </Link>
  );
}
