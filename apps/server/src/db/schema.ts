// Every table of the app. A new module adds its `<domain>.schema.ts` here, then runs
// `npm run db:generate -w @roughcut/server` to write the next migration into apps/server/drizzle.
export * from '../modules/auth/auth.schema.ts';
export * from '../modules/account/account.schema.ts';
export * from '../modules/templates/templates.schema.ts';
export * from '../modules/autojobs/autojobs.schema.ts';
export * from '../modules/clips/clips.schema.ts';
export * from '../modules/assets/assets.schema.ts';
export * from '../modules/billing/billing.schema.ts';
