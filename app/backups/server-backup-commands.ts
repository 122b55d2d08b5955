/**
 * What to run to back up and restore a PostgreSQL server database (the app makes no backups of it:
 * a server database is the operator's). The Data tab shows these; the Backups section of
 * docs/operations.md quotes them, and a test keeps the two the same.
 */
export const PG_DUMP_COMMAND = 'pg_dump --format=custom --file=agency.dump "$DATABASE_URL"';
export const PG_RESTORE_COMMAND = 'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" agency.dump';
