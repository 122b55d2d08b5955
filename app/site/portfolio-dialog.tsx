import type { OnDemandDialogProps } from "~/ui/on-demand";
import { ModalDialog } from "~/ui/modal-dialog";
import type { PortfolioEntry } from "./portfolio-entry";
import { PortfolioDetails } from "./portfolio-details";

/** A portfolio project's details: category, description, package, features and an optional visit link. */
export default function PortfolioDialog({ item, ...dialog }: OnDemandDialogProps & { item: PortfolioEntry }) {
  return (
    <ModalDialog
      {...dialog}
      width="xl"
      eyebrow={<p className="text-sm font-medium text-primary">{item.category}</p>}
      title={item.name}
      description={item.description}
    >
      <PortfolioDetails item={item} />
    </ModalDialog>
  );
}
