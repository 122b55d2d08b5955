import { Tabs as TabsPrimitive } from "radix-ui";

import { slotted } from "~/ui/slotted";

export const Tabs = slotted(TabsPrimitive.Root, "tabs", "flex flex-col gap-2");

export const TabsList = slotted(
  TabsPrimitive.List,
  "tabs-list",
  // Wraps onto a second row where the tabs are wider than the screen (a phone), never wider than the page.
  "inline-flex min-h-10 w-fit max-w-full flex-wrap items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground",
);

export const TabsTrigger = slotted(
  TabsPrimitive.Trigger,
  "tabs-trigger",
  "inline-flex h-8 flex-1 items-center justify-center gap-1.5 rounded-md px-3 py-1 text-sm font-medium whitespace-nowrap transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-muted disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
);

export const TabsContent = slotted(
  TabsPrimitive.Content,
  "tabs-content",
  "flex-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
);
