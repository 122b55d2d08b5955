import SlidersHorizontal from "lucide-react/icons/sliders-horizontal";
import * as React from "react";
import { useSearchParams } from "react-router";
import { Button } from "~/ui/button";
import { PAGING_PARAMS } from "./list-view";

/**
 * On a phone the figures and filters above a list fold away behind one button (decision 050), so
 * its first rows are on the first screen; `/` unfolds them to reach the search.
 */
export const ListFold = React.createContext<{ unfold: () => void }>({ unfold: () => undefined });

/** The view's parameters that narrow it (not its sort or page), counted on the fold's button. */
function narrowingParams(params: URLSearchParams): number {
  return [...new Set(params.keys())].filter((name) => !["sort", "dir", ...PAGING_PARAMS].includes(name) && params.get(name) !== "").length;
}

export function FoldOnPhone({ children }: { children: React.ReactNode }) {
  const [shown, setShown] = React.useState(false);
  const [searchParams] = useSearchParams();
  const id = React.useId();
  const narrowing = narrowingParams(searchParams);
  const fold = React.useMemo(() => ({ unfold: () => setShown(true) }), []);
  return (
    <ListFold.Provider value={fold}>
      <div className="md:hidden">
        <Button variant="outline" size="sm" aria-expanded={shown} aria-controls={id} onClick={() => setShown((open) => !open)} icon={SlidersHorizontal}>
          {shown ? "Hide figures and filters" : `Figures and filters${narrowing > 0 ? ` (${narrowing} on)` : ""}`}
        </Button>
      </div>
      <div id={id} className={shown ? "grid grid-cols-1 gap-6" : "grid grid-cols-1 gap-6 max-md:hidden"}>
        {children}
      </div>
    </ListFold.Provider>
  );
}
