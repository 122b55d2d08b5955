import { NavLink } from "react-router";
import { Button } from "~/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/ui/sheet";
import { SITE_NAVIGATION } from "./site-navigation";

/** The slide-in menu of narrow screens: the header's links and offer button. Loaded at its first opening. */
export default function MobileMenu({
  companyName,
  open,
  onOpenChange,
  onClaimOffer,
  onCloseAutoFocus,
}: {
  companyName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClaimOffer: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" id="mobile-menu" onCloseAutoFocus={onCloseAutoFocus}>
        <SheetTitle>{companyName}</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile" className="mt-6 grid gap-1">
          {SITE_NAVIGATION.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              onClick={() => onOpenChange(false)}
              className="rounded-md px-3 py-2 text-base font-medium hover:bg-muted"
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <Button onClick={onClaimOffer} className="mt-6 w-full">
          Claim $99 Offer
        </Button>
      </SheetContent>
    </Sheet>
  );
}
