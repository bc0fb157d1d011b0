import type { Db } from './client.ts'

/**
 * `build(db)` made once per database and kept: for prepared statements, which drizzle builds (and PostgreSQL plans
 * once per connection) instead of on every call. Per database because the tests run several in one process.
 */
export function perDatabase<T>(build: (db: Db) => T) {
  const kept = new WeakMap<Db, T>()
  return (db: Db) => {
    let value = kept.get(db)
    if (value === undefined) kept.set(db, (value = build(db)))
    return value
  }
}
