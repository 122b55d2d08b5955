import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names, conditional ones included. It does not settle conflicting Tailwind classes
 * (tailwind-merge would, for 8 KB of every page's JavaScript and its start-up time on a phone):
 * each component offers a variant for every look it has, and callers add only layout (margins,
 * width). In development a conflict is reported, with tailwind-merge, which the build leaves out.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) reportConflicts(classes);
  return classes;
}

function reportConflicts(classes: string): void {
  const kept = new Set(twMerge(classes).split(" "));
  const overridden = classes.split(/\s+/).filter((name) => name && !kept.has(name));
  if (overridden.length > 0) {
    console.error(`Conflicting classes: ${overridden.join(" ")} overridden in "${classes}". Use a variant of the component instead.`);
  }
}
