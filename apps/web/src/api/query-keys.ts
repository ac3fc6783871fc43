/**
 * Every TanStack Query key of the app, so invalidation never relies on a retyped string.
 * NOTE: keys of signed-in data start with 'manage' (like their /api/manage paths): a 401 on such
 * a load ends the session in the client and the guard sends the user to /login.
 */
export const queryKeys = {
  session: ['session'] as const,
  account: ['manage', 'account'] as const,
  user: ['manage', 'user'] as const,
};
