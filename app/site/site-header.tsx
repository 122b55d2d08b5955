import { Menu } from "lucide-react";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "~/ui/button";
import { cn } from "~/ui/class-names";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "~/ui/sheet";
import { useInquiryDialog } from "./inquiry-dialog";
import { SITE_NAVIGATION } from "./site-navigation";

export function SiteHeader({ companyName }: { companyName: string }) {
  const { openInquiry } = useInquiryDialog();
  const [menuOpen, setMenuOpen] = useState(false);
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
                  "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground",
                  isActive && "text-foreground",
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <Button onClick={claimOffer} className="hidden sm:inline-flex">
            Claim $99 Offer
          </Button>
          <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden">
                <Menu aria-hidden="true" />
                <span className="sr-only">Open menu</span>
              </Button>
            </SheetTrigger>
            <SheetContent side="right" className="w-72">
              <SheetTitle>{companyName}</SheetTitle>
              <SheetDescription className="sr-only">Site navigation</SheetDescription>
              <nav aria-label="Mobile" className="mt-6 grid gap-1">
                {SITE_NAVIGATION.map((item) => (
                  <NavLink
                    key={item.to}
                    to={item.to}
                    end
                    onClick={() => setMenuOpen(false)}
                    className="rounded-md px-3 py-2 text-base font-medium hover:bg-muted"
                  >
                    {item.label}
                  </NavLink>
                ))}
              </nav>
              <Button onClick={claimOffer} className="mt-6 w-full">
                Claim $99 Offer
              </Button>
            </SheetContent>
          </Sheet>
        </div>
      </div>
    </header>
  );
}
