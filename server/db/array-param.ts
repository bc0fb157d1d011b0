import { sql } from 'drizzle-orm'

/** The SQL types our array parameters take. */
type ElementType = 'integer' | 'text' | 'boolean' | 'char(8)' | 'char(13)'

/**
 * A list as one array parameter (`$1::integer[]`), for `unnest` and `= any`: drizzle would otherwise spread a
 * list into one parameter per value, whose count caps a statement and changes its text with every length.
 */
export const arrayParam = (values: readonly unknown[], type: ElementType) => sql`${sql.param(values)}::${sql.raw(type)}[]`
