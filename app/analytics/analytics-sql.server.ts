import { sql, type SQL } from "drizzle-orm";
import { db, queryRows } from "~/db/connection.server";
import { weekStart, type AnalyticsPeriod } from "./analytics-period";

// A period in the analytics queries' SQL: its bounds, the business-local day of an instant, the
// buckets (days, or weeks starting on Sunday) the charts over time count into, and the one way
// they count rows into them.

/** Parameters of a period as SQL values: instants for `created_at` filters, local dates for grouping. */
export function bounds(period: AnalyticsPeriod) {
  return {
    start: sql`${period.start.toISOString()}::timestamptz`,
    end: sql`${period.end.toISOString()}::timestamptz`,
    firstDay: sql`${period.firstDay}::date`,
    lastDay: sql`${period.lastDay}::date`,
  };
}

/** The business-local day of an instant column. */
export function localDay(column: SQL, period: AnalyticsPeriod): SQL {
  return sql`(${column} at time zone ${period.timeZone}::text)::date`;
}

/** The bucket (day, or the Sunday that starts its week) a local date falls in. */
export function bucketOf(day: SQL, bucket: AnalyticsPeriod["bucket"]): SQL {
  return bucket === "day" ? day : sql`(${day} - extract(dow from ${day})::int)`;
}

/** Every bucket of the period, empty ones included: `select bucket from (...)`. */
function bucketSeries(period: AnalyticsPeriod, bucket: AnalyticsPeriod["bucket"]): SQL {
  const first = bucket === "day" ? period.firstDay : weekStart(period.firstDay);
  const step = bucket === "day" ? "1 day" : "7 days";
  return sql`select series::date as bucket from generate_series(${first}::date, ${period.lastDay}::date, ${step}::interval) as series`;
}

/** A count or sum as a number (node-postgres answers a bigint as a string). */
export const toInt = (value: unknown): number => Number(value ?? 0);

export type BucketedCountsQuery<Figure extends string, Key extends string> = {
  bucket: AnalyticsPeriod["bucket"];
  /**
   * The rows counted: a `bucket` column (a local date, from `bucketOf`), the `keys`, and one
   * aggregate per figure named as the figure, grouped by bucket and keys.
   */
  counted: SQL;
  figures: readonly Figure[];
  /** Columns the counts are also grouped by (a lead's source): null in an empty bucket's row. */
  keys?: readonly Key[];
};

export type BucketedCount<Figure extends string, Key extends string> = { bucket: string } & Record<Figure, number> & Record<Key, string | null>;

/**
 * The charts over time: rows counted into every bucket of the period in order (yyyy-MM-dd), a
 * bucket with none still there with its figures at 0, so a chart and its CSV never skip a day or
 * a week. With `keys`, a bucket has a row per key it counted (by key), or one row of null keys.
 */
export async function bucketedCounts<Figure extends string, Key extends string = never>(
  period: AnalyticsPeriod,
  { bucket, counted, figures, keys = [] }: BucketedCountsQuery<Figure, Key>,
): Promise<BucketedCount<Figure, Key>[]> {
  const keyColumns = keys.map((key) => sql`counted.${sql.identifier(key)}`);
  const figureColumns = figures.map((figure) => sql`coalesce(counted.${sql.identifier(figure)}, 0) as ${sql.identifier(figure)}`);
  const rows = await queryRows<Record<string, unknown>>(
    db(),
    sql`with counted as (${counted})
        select ${sql.join([sql`to_char(buckets.bucket, 'YYYY-MM-DD') as bucket`, ...keyColumns, ...figureColumns], sql`, `)}
        from (${bucketSeries(period, bucket)}) as buckets left join counted on counted.bucket = buckets.bucket
        order by ${sql.join([sql`buckets.bucket`, ...keyColumns], sql`, `)}`,
  );
  return rows.map((row) => {
    const entry: Record<string, unknown> = { bucket: String(row.bucket) };
    for (const key of keys) entry[key] = (row[key] as string | null | undefined) ?? null;
    for (const figure of figures) entry[figure] = toInt(row[figure]);
    return entry as BucketedCount<Figure, Key>;
  });
}
