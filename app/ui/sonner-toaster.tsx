import { useEffect } from "react";
import { Toaster as Sonner } from "sonner";

export { toast } from "sonner";

/** Sonner's toast region as this app shows it; loaded on demand by `./toaster`. */
export default function SonnerToaster({ onMounted }: { onMounted: () => void }) {
  // Runs after Sonner's own effects, so it is listening when the first toast is sent.
  useEffect(onMounted, [onMounted]);
  return <Sonner position="top-right" richColors closeButton theme="light" toastOptions={{ classNames: { toast: "font-sans" } }} />;
}
