// Every table of the app. A new module adds its `<domain>.schema.ts` here, then runs
// `npm run db:generate -w @roughcut/server` to write the next migration into apps/server/drizzle.
export * from './tables/auth.schema.ts';
export * from './tables/account.schema.ts';
export * from './tables/templates.schema.ts';
export * from './tables/edit.schema.ts';
export * from './tables/clips.schema.ts';
export * from './tables/assets.schema.ts';
export * from './tables/billing.schema.ts';
export * from './tables/media-links.schema.ts';
export * from './tables/access-tokens.schema.ts';
export * from './tables/webhooks.schema.ts';
export * from './tables/idempotency.schema.ts';
