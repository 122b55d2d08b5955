import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import { format } from "date-fns/format";
import { DayPicker, getDefaultClassNames, type DayPickerProps, type Modifiers } from "react-day-picker";
import { cn } from "~/ui/class-names";
import { buttonVariants } from "~/ui/button";

/** The app's date picker: react-day-picker styled like the other primitives. */
export function Calendar({ className, classNames, labels, ...props }: DayPickerProps) {
  const defaults = getDefaultClassNames();
  return (
    <DayPicker
      showOutsideDays
      className={cn("p-3", className)}
      classNames={{
        root: cn(defaults.root, "w-fit"),
        months: "relative flex flex-col gap-4",
        month: "flex w-full flex-col gap-4",
        nav: "absolute inset-x-0 top-0 flex items-center justify-between",
        button_previous: buttonVariants({ variant: "outline", size: "icon-sm" }),
        button_next: buttonVariants({ variant: "outline", size: "icon-sm" }),
        month_caption: "flex h-8 items-center justify-center text-sm font-medium",
        caption_label: "text-sm font-medium",
        month_grid: "w-full border-collapse",
        weekdays: "flex",
        weekday: "w-9 text-[0.8rem] font-normal text-muted-foreground",
        week: "mt-1 flex w-full",
        day: "size-9 p-0 text-center text-sm",
        day_button: cn(
          buttonVariants({ variant: "ghost", size: "day" }),
          "aria-selected:bg-primary aria-selected:text-primary-foreground",
        ),
        selected: "rounded-md bg-primary text-primary-foreground",
        today: "rounded-md font-semibold underline underline-offset-4",
        outside: "text-muted-foreground opacity-50",
        disabled: "text-muted-foreground opacity-40 line-through",
        hidden: "invisible",
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation }) =>
          orientation === "left" ? <ChevronLeft className="size-4" aria-hidden="true" /> : <ChevronRight className="size-4" aria-hidden="true" />,
      }}
      labels={{ labelDayButton: dayButtonLabel, ...labels }}
      {...props}
    />
  );
}

/**
 * A day button's name: the date with its day written as the button shows it ("Tuesday, November 24,
 * 2026", not react-day-picker's "24th"), so the name holds the visible text (WCAG 2.5.3).
 */
function dayButtonLabel(date: Date, modifiers: Modifiers): string {
  const name = format(date, "EEEE, MMMM d, yyyy");
  return `${name}${modifiers.today ? ", today" : ""}${modifiers.selected ? ", selected" : ""}`;
}

