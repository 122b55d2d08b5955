import journal from "./migrations/meta/_journal.json";

/** The migrations this build knows, oldest first, by their tags (`0017_keyset_timestamps_in_milliseconds`). */
export const MIGRATION_TAGS: readonly string[] = journal.entries.map((entry) => entry.tag);

/** The newest migration this build applies: what a database it made or migrated is at. */
export const NEWEST_MIGRATION: string = MIGRATION_TAGS[MIGRATION_TAGS.length - 1] ?? "";
