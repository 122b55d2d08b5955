import * as React from "react";
import { Toaster as Sonner, toast, type ToasterProps } from "sonner";

export { toast };

/** The app's single toast region; render once in the root layout. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-right"
      richColors
      closeButton
      theme="light"
      toastOptions={{ classNames: { toast: "font-sans" } }}
      {...props}
    />
  );
}

export type FlashToast = {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  id: string;
};

// Module-level so remounts, StrictMode's double effects and revalidations never repeat a flash.
const shownFlashIds = new Set<string>();

/** Shows a flash message from a loader (e.g. after a redirect) as a toast, once per `flash.id`. */
export function useFlashToast(flash: FlashToast | null | undefined): void {
  const id = flash?.id;
  const type = flash?.type;
  const title = flash?.title;
  const description = flash?.description;

  React.useEffect(() => {
    if (!id || !type || !title || shownFlashIds.has(id)) return;
    shownFlashIds.add(id);
    toast[type](title, { id, description });
  }, [id, type, title, description]);
}
