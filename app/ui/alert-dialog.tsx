import * as React from "react";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { VariantProps } from "class-variance-authority";

import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/class-names";
import { DIALOG_CLASSES } from "~/ui/dialog";
import { slotted } from "~/ui/slotted";

/** The confirmation: the dialog's look (`dialog.tsx`), with Radix's alert-dialog behaviour. */
export function AlertDialog(props: React.ComponentProps<typeof AlertDialogPrimitive.Root>) {
  return <AlertDialogPrimitive.Root data-slot="alert-dialog" {...props} />;
}

export function AlertDialogTrigger(
  props: React.ComponentProps<typeof AlertDialogPrimitive.Trigger>,
) {
  return <AlertDialogPrimitive.Trigger data-slot="alert-dialog-trigger" {...props} />;
}

const AlertDialogOverlay = slotted(
  AlertDialogPrimitive.Overlay,
  "alert-dialog-overlay",
  DIALOG_CLASSES.overlay,
);

export function AlertDialogContent({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal data-slot="alert-dialog-portal">
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        data-slot="alert-dialog-content"
        className={cn(DIALOG_CLASSES.content, "sm:max-w-lg", DIALOG_CLASSES.motion, className)}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  );
}

export const AlertDialogHeader = slotted("div", "alert-dialog-header", DIALOG_CLASSES.header);

export const AlertDialogFooter = slotted("div", "alert-dialog-footer", DIALOG_CLASSES.footer);

export const AlertDialogTitle = slotted(
  AlertDialogPrimitive.Title,
  "alert-dialog-title",
  DIALOG_CLASSES.title,
);

export const AlertDialogDescription = slotted(
  AlertDialogPrimitive.Description,
  "alert-dialog-description",
  DIALOG_CLASSES.description,
);

type ButtonStyleProps = VariantProps<typeof buttonVariants>;

/** Radix focuses Cancel on open, so the safe choice is the default. */
export function AlertDialogCancel({
  className,
  variant = "outline",
  size,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Cancel> & ButtonStyleProps) {
  return (
    <AlertDialogPrimitive.Cancel
      data-slot="alert-dialog-cancel"
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
