import * as React from "react";
import { Slot } from "radix-ui";
import { Button, type ButtonProps } from "~/ui/button";
import { DialogFooter, ModalDialog, type ModalDialogProps } from "~/ui/modal-dialog";
import { FormError } from "~/ui/form-field";
import type { FormResult } from "./form-result";
import type { FieldErrors } from "~/refusal/refusal";
import { HiddenInputs, type HiddenFields } from "./hidden-inputs";
import { useFormAction } from "./use-form-action";

/**
 * The back-office's one dialog and one confirmation (decision 014): each holds one form of the one
 * form pattern, posted through a fetcher to a route's intent. A refusal keeps the dialog open with
 * the values typed, the field errors and the form's message; a success closes it (and toasts, by
 * `settleForm`). Opening it again starts clean. Pages build no dialog footer of their own.
 */

/**
 * What a dialog's fields render from: the last refusal's errors, values and message, and whether
 * the form is on its way; `clear` forgets that refusal (a step inside the dialog put its cause right).
 */
export type FormDialogState = { errors: FieldErrors; values: Partial<Record<string, string>>; busy: boolean; formError: string | undefined; clear: () => void };

/** The usual button that opens a dialog: small, its label the dialog's action ('Add Slot'), with its icon. */
export type DialogOpener = {
  label: React.ReactNode;
  icon?: ButtonProps["icon"];
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  /** Where the label alone is ambiguous on the page ('Record Payment for INV-0042'). */
  ariaLabel?: string;
};

type DialogFormProps<T extends object> = {
  /** Opened by the page (a row menu's item, say); or leave these out and give `opener` (or `trigger`). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog keeps its own open state. */
  opener?: DialogOpener;
  /** An opener of another shape than `opener`'s button. */
  trigger?: React.ReactElement;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** The route the form posts to (left out: the page's own route, its query kept), and which of its intents this is. */
  action?: string;
  intent: string;
  fields?: HiddenFields;
  /** Called after a success (the dialog closes first). */
  onSuccess?: (answer: FormResult<T> | undefined) => void;
  /** A success that is a step, not the end (a preview before the send): the dialog stays open. */
  staysOpen?: (answer: FormResult<T> | undefined) => boolean;
};

export type FormDialogProps<T extends object = object> = DialogFormProps<T> & {
  submitLabel: string;
  /** A deletion's red button. */
  destructive?: boolean;
  width?: ModalDialogProps["width"];
  encType?: "multipart/form-data";
  /** The form's fields, rendered from the refusal they may have to show. */
  children?: (form: FormDialogState) => React.ReactNode;
};

/** The dialog's open state (the page's, or its own when it has a trigger) and its one form. */
function useDialogForm<T extends object>({ open: openByPage, onOpenChange, intent, onSuccess, staysOpen }: DialogFormProps<T>) {
  const [openByTrigger, setOpenByTrigger] = React.useState(false);
  const open = openByPage ?? openByTrigger;
  const setOpen = (next: boolean) => {
    setOpenByTrigger(next);
    onOpenChange?.(next);
  };
  const form = useFormAction<T>({
    intent,
    open,
    onSuccess: (answer) => {
      if (!staysOpen?.(answer)) setOpen(false);
      onSuccess?.(answer);
    },
  });
  return { ...form, open, setOpen };
}

/** The element that opens a dialog keeping its own open state: the caller's `trigger`, else the `opener` button. */
export function openerElement({ opener, trigger }: { opener?: DialogOpener; trigger?: React.ReactElement }): React.ReactElement | undefined {
  if (trigger || !opener) return trigger;
  return (
    <Button size={opener.size ?? "sm"} variant={opener.variant} icon={opener.icon} aria-label={opener.ariaLabel}>
      {opener.label}
    </Button>
  );
}

export function FormDialog<T extends object = object>(props: FormDialogProps<T>) {
  const { title, description, action, intent, fields = {}, submitLabel, destructive = false, width, encType, children } = props;
  const { fetcher, busy, errors, values, formError, clear, open, setOpen } = useDialogForm(props);
  return (
    <>
      <DialogTrigger trigger={props.trigger} opener={props.opener} onOpen={() => setOpen(true)} />
      <ModalDialog open={open} onOpenChange={setOpen} width={width} title={title} description={description}>
        <fetcher.Form method="post" action={action} encType={encType} className="grid gap-4" noValidate>
          <HiddenInputs fields={{ intent, ...fields }} />
          {/* A service's refusal that names its field is shown there, once. */}
          <FormError message={formError && !Object.values(errors).includes(formError) ? formError : undefined} />
          {children?.({ errors, values, busy, formError, clear })}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </ModalDialog>
    </>
  );
}

/** The button that opens a dialog that keeps its own open state: the caller's button (or `opener`'s), told what it opens. */
export function DialogTrigger({ onOpen, ...opens }: { trigger?: React.ReactElement; opener?: DialogOpener; onOpen: () => void }) {
  const trigger = openerElement(opens);
  if (!trigger) return null;
  return (
    <Slot.Root aria-haspopup="dialog" onClick={onOpen}>
      {trigger}
    </Slot.Root>
  );
}

export type ConfirmDialogProps<T extends object = object> = DialogFormProps<T> & {
  confirmLabel: string;
  /** The button that leaves without doing it, when "Cancel" would name the action itself ('Keep' beside 'Cancel Booking'). */
  cancelLabel?: string;
  /** Red unless the confirmed action destroys nothing. */
  destructive?: boolean;
  /** The confirmation cannot be given now (what it would do is already done); Cancel still closes. */
  disabled?: boolean;
  /** What the confirmation adds under its description (what else goes, what stays). */
  children?: React.ReactNode;
};

/** "Ask first": a confirmation whose button posts its form; Cancel has the focus when it opens. */
export function ConfirmDialog<T extends object = object>(props: ConfirmDialogProps<T>) {
  const { title, description, action, intent, fields = {}, confirmLabel, cancelLabel, destructive, disabled = false, children } = props;
  const { fetcher, busy, formError, open, setOpen } = useDialogForm(props);
  return (
    <ConfirmFrame open={open} onOpenChange={setOpen} trigger={props.trigger} opener={props.opener} title={title} description={description}>
      {children}
      <fetcher.Form method="post" action={action} className="grid gap-4">
        <HiddenInputs fields={{ intent, ...fields }} />
        <FormError message={formError} />
        <ConfirmFooter type="submit" confirmLabel={confirmLabel} cancelLabel={cancelLabel} destructive={destructive} disabled={busy || disabled} />
      </fetcher.Form>
    </ConfirmFrame>
  );
}

/** The one confirmation's frame: its title and description, then what the confirmation holds. */
export function ConfirmFrame({
  open,
  onOpenChange,
  trigger,
  opener,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: React.ReactElement;
  opener?: DialogOpener;
  title: React.ReactNode;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <DialogTrigger trigger={trigger} opener={opener} onOpen={() => onOpenChange(true)} />
      <ModalDialog role="alertdialog" open={open} onOpenChange={onOpenChange} title={title} description={description}>
        <CloseDialog.Provider value={() => onOpenChange(false)}>{children}</CloseDialog.Provider>
      </ModalDialog>
    </>
  );
}

/** How a confirmation's Cancel closes the frame it stands in. */
const CloseDialog = React.createContext<() => void>(() => undefined);

/** Cancel (focused when it opens) beside the one button that confirms, red unless nothing is destroyed. */
export function ConfirmFooter({
  type,
  confirmLabel,
  cancelLabel = "Cancel",
  destructive = true,
  disabled = false,
  onConfirm,
}: {
  type: "submit" | "button";
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  disabled?: boolean;
  onConfirm?: () => void;
}) {
  const close = React.useContext(CloseDialog);
  return (
    <DialogFooter>
      <Button type="button" variant="outline" data-autofocus onClick={close}>
        {cancelLabel}
      </Button>
      <Button type={type} variant={destructive ? "destructive" : "default"} disabled={disabled} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </DialogFooter>
  );
}
