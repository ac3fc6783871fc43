/** Every TanStack Query key of the app, so invalidation never relies on a retyped string. */
export const queryKeys = {
  session: ['session'] as const,
  account: ['manage', 'account'] as const,
  user: ['manage', 'user'] as const,
};
