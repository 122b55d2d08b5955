import { Menu } from "lucide-react";
import { Link, NavLink } from "react-router";
import { Button } from "~/ui/button";
import { cn } from "~/ui/class-names";
import { onDemand, useOnDemandDialog } from "~/ui/on-demand";
import { useInquiryDialog } from "./inquiry-dialog";
import { SITE_NAVIGATION } from "./site-navigation";

const mobileMenu = onDemand(() => import("./mobile-menu"));

export function SiteHeader({ companyName }: { companyName: string }) {
  const { openInquiry } = useInquiryDialog();
  // The menu's code loads at its first opening; wide screens never show its button.
  const {
    Dialog: MobileMenu,
    open: menuOpen,
    setOpen: setMenuOpen,
    show: showMenu,
    onCloseAutoFocus,
  } = useOnDemandDialog(mobileMenu);
  const claimOffer = () => {
    setMenuOpen(false);
    openInquiry({ tier: "1", promo: true });
  };

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="text-lg font-bold tracking-tight text-foreground">
          {companyName}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {SITE_NAVIGATION.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-foreground",
                  isActive ? "text-foreground" : "text-muted-foreground",
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <Button onClick={claimOffer} className="max-sm:hidden">
            Claim $99 Offer
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            onClick={() => showMenu()}
          >
            <Menu aria-hidden="true" />
            <span className="sr-only">Open menu</span>
          </Button>
          {MobileMenu ? (
            <MobileMenu
              companyName={companyName}
              open={menuOpen}
              onOpenChange={setMenuOpen}
              onClaimOffer={claimOffer}
              onCloseAutoFocus={onCloseAutoFocus}
            />
          ) : null}
        </div>
      </div>
    </header>
  );
}
