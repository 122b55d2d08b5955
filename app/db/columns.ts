import { type AnyPgColumn, timestamp, uuid } from "drizzle-orm/pg-core";

// The columns every table declares the same way, so that each schema reads as what its table
// holds: a record's key, a moment in time (always with its time zone), when it was made and
// changed, and a key of a record in another table.

type OnDelete = "cascade" | "set null" | "restrict" | "no action";

/** The record's own key: a UUID the database makes. */
export const recordKey = () => uuid("id").primaryKey().defaultRandom();

/** A moment in time, stored with its time zone. */
export const instant = (column: string) => timestamp(column, { withTimezone: true });

/** When the record was made. */
export const createdAt = () => instant("created_at").notNull().defaultNow();

/** When the record last changed. */
export const updatedAt = () => instant("updated_at").notNull().defaultNow();

/** The key of the record this one belongs to; it must be there. */
export const requiredReference = (column: string, target: () => AnyPgColumn, onDelete: OnDelete) =>
  uuid(column).notNull().references(target, { onDelete });

/** The key of a record this one may point to. */
export const optionalReference = (column: string, target: () => AnyPgColumn, onDelete: OnDelete) =>
  uuid(column).references(target, { onDelete });
