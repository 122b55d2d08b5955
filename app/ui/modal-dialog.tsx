import { useEffect, useId, useRef, type ReactNode } from "react";
import { XIcon } from "lucide-react";

import { cn } from "~/ui/class-names";

const DIALOG_WIDTHS = { md: "sm:max-w-md", lg: "sm:max-w-lg", xl: "sm:max-w-xl" } as const;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** What Tab reaches inside `container`, in order (not a field taken out of the order, like a honeypot). */
function tabbable(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
}

export type ModalDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Above the title (a project's category). */
  eyebrow?: ReactNode;
  /** The widest the dialog gets on a wide screen (it fills narrow ones). */
  width?: keyof typeof DIALOG_WIDTHS;
  /** Called once it has closed, to give focus back to what opened it (`useReturnFocus`). */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
};

/**
 * A modal dialog on the browser's own `<dialog>` element (decision 037), for the public site, where
 * every kilobyte counts (Radix's dialog was ~15 KB gzipped): `showModal()` puts it in the top
 * layer, makes the rest of the page inert and closes it on Escape; this adds its name and
 * description, Tab kept inside it, a click on the backdrop closing it, and focus given back.
 * Rendered only while open, as Radix's was: a closed dialog is not in the page.
 */
export function ModalDialog({ open, ...props }: ModalDialogProps) {
  return open ? <OpenModalDialog {...props} /> : null;
}

function OpenModalDialog({ onOpenChange, title, description, eyebrow, width = "lg", onCloseAutoFocus, children }: Omit<ModalDialogProps, "open">) {
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
    if (element && !element.open) {
      element.showModal();
      // The browser focuses the first focusable element, which may be one Tab never reaches (a honeypot).
      if (document.activeElement instanceof HTMLElement && document.activeElement.tabIndex < 0) tabbable(element)[0]?.focus();
    }
    return () => {
      element?.close();
      closeAutoFocus.current?.(new Event("close"));
    };
  }, []);

  const close = () => onOpenChange(false);

  return (
    <dialog
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-slot="dialog-content"
      onCancel={(event) => {
        // Escape: closed by React's state, so that the dialog leaves the page like any closed one.
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // The dialog's own box is padded by its inner element: a click on the element itself is the backdrop.
        if (event.target === event.currentTarget) close();
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
        <div data-slot="dialog-header" className="flex flex-col gap-2 pr-6 text-center sm:text-left">
          {eyebrow}
          <h2 id={titleId} data-slot="dialog-title" className="text-lg leading-tight font-semibold">
            {title}
          </h2>
          <p id={descriptionId} data-slot="dialog-description" className="text-sm text-muted-foreground">
            {description}
          </p>
        </div>
        {children}
        <button
          type="button"
          onClick={close}
          data-slot="dialog-close"
          className="absolute top-4 right-4 rounded-sm p-0.5 text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card [&_svg]:size-4"
        >
          <XIcon aria-hidden="true" />
          <span className="sr-only">Close</span>
        </button>
      </div>
    </dialog>
  );
}
