import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import XIcon from "lucide-react/icons/x";

import { cn } from "~/ui/class-names";
import { useHydrated } from "~/ui/hydrated";

const DIALOG_WIDTHS = { md: "sm:max-w-md", lg: "sm:max-w-lg", xl: "sm:max-w-xl" } as const;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** What Tab reaches inside `container`, in order (not a field taken out of the order, like a honeypot). */
function tabbable(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
}

/**
 * Elements kept above every open dialog (the toast region): the top layer paints what entered it
 * last on top, so each is put back in after a dialog opens.
 */
export const ABOVE_DIALOGS = "data-above-dialogs";

function raiseAboveDialogs() {
  for (const element of document.querySelectorAll<HTMLElement>(`[${ABOVE_DIALOGS}]`)) {
    if (!element.matches(":popover-open")) continue;
    element.hidePopover();
    element.showPopover();
  }
}

export type ModalDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Above the title (a project's category). */
  eyebrow?: ReactNode;
  /** The widest the dialog gets on a wide screen (it fills narrow ones). */
  width?: keyof typeof DIALOG_WIDTHS;
  /**
   * `alertdialog`: a confirmation. It asks before something is done, so a click beside it does not
   * close it and it has no close button; focus starts on its `data-autofocus` element (its Cancel).
   */
  role?: "dialog" | "alertdialog";
  /** Called once it has closed; focus goes back to what had it when it opened, unless this prevents that. */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
};

/**
 * The product's one modal dialog (decision 037), on the browser's own `<dialog>` element:
 * `showModal()` puts it in the top layer, makes the rest of the page inert and closes it on Escape;
 * this adds its name and description, Tab kept inside it, a click on the backdrop closing it (not a
 * confirmation's), focus given back, the page behind kept from scrolling (app.css), and the toast
 * region kept above it. Rendered only while open, into the end of the body, as Radix's was.
 */
export function ModalDialog({ open, ...props }: ModalDialogProps) {
  const hydrated = useHydrated();
  return open && hydrated ? createPortal(<OpenModalDialog {...props} />, document.body) : null;
}

function OpenModalDialog({ onOpenChange, title, description, eyebrow, width = "lg", role = "dialog", onCloseAutoFocus, children }: Omit<ModalDialogProps, "open">) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The latest callback, for the cleanup that runs once the dialog has left the page.
  const closeAutoFocus = useRef(onCloseAutoFocus);
  useEffect(() => {
    closeAutoFocus.current = onCloseAutoFocus;
  }, [onCloseAutoFocus]);

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    if (element && !element.open) {
      element.showModal();
      raiseAboveDialogs();
      const chosen = element.querySelector<HTMLElement>("[data-autofocus]");
      if (chosen) chosen.focus();
      // The browser focuses the first focusable element, which may be one Tab never reaches (a honeypot).
      else if (document.activeElement instanceof HTMLElement && document.activeElement.tabIndex < 0) tabbable(element)[0]?.focus();
    }
    return () => {
      element?.close();
      const closed = new Event("close", { cancelable: true });
      closeAutoFocus.current?.(closed);
      if (!closed.defaultPrevented && opener?.isConnected) opener.focus();
    };
  }, []);

  const close = () => onOpenChange(false);

  return (
    <dialog
      ref={dialog}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-slot="dialog-content"
      onCancel={(event) => {
        // Escape: closed by React's state, so that the dialog leaves the page like any closed one.
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // The dialog's own box is padded by its inner element: a click on the element itself is the backdrop.
        if (role === "dialog" && event.target === event.currentTarget) close();
      }}
      onKeyDown={(event) => {
        if (event.key !== "Tab") return;
        const focusable = tabbable(event.currentTarget);
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
      className={cn(
        "m-auto h-fit max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] overflow-y-auto rounded-lg border bg-card p-0 text-card-foreground shadow-lg outline-none backdrop:bg-black/50",
        DIALOG_WIDTHS[width],
        "motion-safe:animate-zoom-in motion-safe:backdrop:animate-fade-in",
      )}
    >
      <div className="relative grid gap-4 p-6">
        <div data-slot="dialog-header" className={cn("flex flex-col gap-2 text-center sm:text-left", role === "dialog" && "pr-6")}>
          {eyebrow}
          <h2 id={titleId} data-slot="dialog-title" className="text-lg leading-tight font-semibold">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} data-slot="dialog-description" className="text-sm text-muted-foreground">
              {description}
            </p>
          ) : null}
        </div>
        {children}
        {role === "dialog" ? (
          <button
            type="button"
            onClick={close}
            data-slot="dialog-close"
            className="absolute top-4 right-4 rounded-sm p-0.5 text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card [&_svg]:size-4"
          >
            <XIcon aria-hidden="true" />
            <span className="sr-only">Close</span>
          </button>
        ) : null}
      </div>
    </dialog>
  );
}

/** The one footer of a dialog's buttons: side by side at the right on a wide screen, stacked (the main one on top) on a phone. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <div data-slot="dialog-footer" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {children}
    </div>
  );
}
