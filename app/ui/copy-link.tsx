import Copy from "lucide-react/icons/copy";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { toast } from "~/ui/toaster";

/** A link shown in a read-only box with a Copy button (the box can be selected by hand without JavaScript). */
export function CopyLink({ link, label, copiedMessage }: { link: string; label: string; copiedMessage: string }) {
  return (
    <div className="flex gap-2">
      <Input readOnly value={link} aria-label={label} onFocus={(event) => event.currentTarget.select()} className="font-mono text-sm" />
      <Button
        type="button"
        variant="outline"
        onClick={() => {
          void navigator.clipboard.writeText(link).then(
            () => toast.success(copiedMessage),
            () => toast.error("Could not copy: select the link and copy it by hand."),
          );
        }}
       icon={Copy}>
        Copy
      </Button>
    </div>
  );
}
