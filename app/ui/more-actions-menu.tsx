import Ellipsis from "lucide-react/icons/ellipsis";
import * as React from "react";
import { Button } from "~/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from "~/ui/dropdown-menu";

/**
 * A record page's rarer actions, and its destructive ones, in one menu beside the everyday buttons
 * (decision 050): 'Delete' is never a button next to 'Edit', and a phone's header keeps to one row.
 * Its items (`DropdownMenuItem`, the destructive ones `variant="destructive"`) open the page's own
 * dialogs, whose open state the page holds: a closing menu takes its items with it.
 */
export function MoreActionsMenu({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" icon={Ellipsis} aria-label={label}>
          More
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
