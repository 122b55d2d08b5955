import * as React from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { XIcon } from "lucide-react";

import { cn } from "~/ui/class-names";
import { slotted } from "~/ui/slotted";

/**
 * The one dialog look, shared by the dialog here and the confirmation in `alert-dialog.tsx` (which
 * differs only in what Radix does: role `alertdialog`, no closing by a click outside).
 */
export const DIALOG_CLASSES = {
  overlay:
    "fixed inset-0 z-50 bg-black/50 motion-safe:data-[state=open]:animate-fade-in motion-safe:data-[state=closed]:animate-fade-out",
  content:
    "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 text-card-foreground shadow-lg outline-none",
  motion: "motion-safe:data-[state=open]:animate-zoom-in motion-safe:data-[state=closed]:animate-zoom-out",
  header: "flex flex-col gap-2 text-center sm:text-left",
  footer: "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
  title: "text-lg leading-tight font-semibold",
  description: "text-sm text-muted-foreground",
} as const;

export function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

export function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

const DialogOverlay = slotted(DialogPrimitive.Overlay, "dialog-overlay", DIALOG_CLASSES.overlay);

const DIALOG_WIDTHS = { md: "sm:max-w-md", lg: "sm:max-w-lg", xl: "sm:max-w-xl" } as const;

export type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** The widest the dialog gets on a wide screen (it fills narrow ones). */
  width?: keyof typeof DIALOG_WIDTHS;
};

export function DialogContent({ className, children, width = "lg", ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal data-slot="dialog-portal">
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(DIALOG_CLASSES.content, DIALOG_WIDTHS[width], DIALOG_CLASSES.motion, className)}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          data-slot="dialog-close"
          className="absolute top-4 right-4 rounded-sm p-0.5 text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card disabled:pointer-events-none [&_svg]:size-4"
        >
          <XIcon aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** Room on the right for the close button. */
export const DialogHeader = slotted("div", "dialog-header", cn(DIALOG_CLASSES.header, "pr-6"));

export const DialogFooter = slotted("div", "dialog-footer", DIALOG_CLASSES.footer);

export const DialogTitle = slotted(DialogPrimitive.Title, "dialog-title", DIALOG_CLASSES.title);

export const DialogDescription = slotted(
  DialogPrimitive.Description,
  "dialog-description",
  DIALOG_CLASSES.description,
);
