import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { Toaster as Sonner } from "sonner";
import { ABOVE_DIALOGS } from "./modal-dialog";

export { toast } from "sonner";

/**
 * Where toasts sit, clear of the controls every page keeps in place: in the back-office at the
 * bottom center (its page actions are at the top right, Sign Out at the bottom left, the pager at
 * the bottom right); on the public site at the bottom left (the header on top, the sticky offer at
 * the bottom right, the forms in the middle). A phone shows them across the bottom.
 */
function toastPosition(pathname: string) {
  return pathname === "/admin" || pathname.startsWith("/admin/") ? "bottom-center" : "bottom-left";
}

/** Sonner's toast region as this app shows it; loaded on demand by `./toaster`. */
export default function SonnerToaster({ onMounted }: { onMounted: () => void }) {
  const { pathname } = useLocation();
  const layer = useRef<HTMLDivElement>(null);
  // In the top layer, so that a toast shows over an open dialog (which the dialog puts back on top).
  useEffect(() => layer.current?.showPopover?.(), []);
  // Runs after Sonner's own effects, so it is listening when the first toast is sent.
  useEffect(onMounted, [onMounted]);
  return (
    <div ref={layer} popover="manual" {...{ [ABOVE_DIALOGS]: "" }} className="toast-layer">
      <Sonner position={toastPosition(pathname)} richColors closeButton theme="light" toastOptions={{ classNames: { toast: "font-sans" } }} />
    </div>
  );
}
