import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import type { PortfolioEntry } from "./portfolio-entry";
import { PortfolioDetails } from "./portfolio-details";

/** A portfolio project's details: category, description, package, features and an optional visit link. */
export default function PortfolioDialog({
  item,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  item: PortfolioEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <p className="text-sm font-medium text-primary">{item.category}</p>
          <DialogTitle>{item.name}</DialogTitle>
          <DialogDescription>{item.description}</DialogDescription>
        </DialogHeader>
        <PortfolioDetails item={item} />
      </DialogContent>
    </Dialog>
  );
}
