/** The database schema, one file per area; drizzle-kit reads this folder. */
export * from './auth.ts'
export * from './organizations.ts'
export * from './team.ts'
export * from './chat.ts'
export * from './sessions.ts'
export * from './catalog.ts'
export * from './customers.ts'
export * from './imports.ts'
