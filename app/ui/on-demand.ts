import { useCallback, useState, type ComponentType } from "react";
import { useReturnFocus } from "./return-focus";

/**
 * A component whose code loads when it is first wanted (a dialog, the mobile menu), so that it is
 * not part of a page's first load. Unlike `React.lazy` it never suspends: `useOnDemand` hands the
 * component out once its code is in, and the caller opens it then. A lazy component's first
 * showing took ~350 ms even from the local cache, because React holds back the content of a
 * Suspense boundary for 300 ms after it has shown its fallback.
 */
export type OnDemand<Props> = {
  /** Loads the code once; a failed load (offline) is tried again at the next call. */
  load: () => Promise<ComponentType<Props>>;
  /** The component, if its code is already in. */
  loaded: () => ComponentType<Props> | undefined;
};

export function onDemand<Props>(importModule: () => Promise<{ default: ComponentType<Props> }>): OnDemand<Props> {
  let component: ComponentType<Props> | undefined;
  let pending: Promise<ComponentType<Props>> | undefined;
  return {
    load() {
      pending ??= importModule().then(
        (module) => (component = module.default),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => component,
  };
}

/**
 * The component once its code is in (undefined before), and `load`, which loads the code if
 * needed and then, always a moment later, runs `then` (typically: open it) in the same render as
 * the component's arrival. If the code cannot be loaded (a dropped connection), `then` does not
 * run, and the next `load` tries again.
 */
export function useOnDemand<Props>(target: OnDemand<Props>) {
  const [component, setComponent] = useState<ComponentType<Props> | undefined>(() => target.loaded());
  const load = useCallback(
    (then?: () => void) => {
      target.load().then(
        (loaded) => {
          setComponent(() => loaded);
          then?.();
        },
        () => undefined,
      );
    },
    [target],
  );
  return [component, load] as const;
}

/** What `useOnDemandDialog` hands the dialog it loads, besides the dialog's own props. */
export type OnDemandDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * A dialog (or the mobile menu) loaded on demand: its open state, and `show`, which remembers what
 * had focus (it gets it back when the dialog closes: pass `onCloseAutoFocus` to the dialog), loads
 * the code and then opens the dialog, unless `stillWanted` says no by then.
 */
export function useOnDemandDialog<Props>(target: OnDemand<Props>) {
  const [Dialog, load] = useOnDemand(target);
  const [open, setOpen] = useState(false);
  const { remember, onCloseAutoFocus } = useReturnFocus();
  const show = useCallback(
    (stillWanted: () => boolean = () => true) => {
      remember();
      load(() => {
        if (stillWanted()) setOpen(true);
      });
    },
    [remember, load],
  );
  return { Dialog, open, setOpen, show, onCloseAutoFocus };
}
