import { useRef, useState } from "react";
import { ConfirmFooter, ConfirmFrame } from "./form-dialog";

/**
 * A destructive form's "ask first": the form's button opens the dialog; its confirm button posts
 * the form as typed with `confirmed=yes` (the action refuses it without).
 */
export function useConfirmedSubmit(submit: (form: FormData) => void) {
  const formRef = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const confirm = () => {
    if (!formRef.current) return;
    const form = new FormData(formRef.current);
    form.set("confirmed", "yes");
    setAsking(false);
    submit(form);
  };
  return { formRef, asking, setAsking, confirm };
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  return (
    <ConfirmFrame open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <ConfirmFooter type="button" confirmLabel={confirmLabel} onConfirm={onConfirm} />
    </ConfirmFrame>
  );
}
