import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi } from './account.api.ts';
import { authApi } from './auth.api.ts';
import { queryKeys } from './query-keys.ts';

export const ACCOUNT_LOAD_ERROR = 'There was an issue grabbing your account, please try again';
/** SPEC section 8: the billing page's account load failure. */
export const BILLING_LOAD_ERROR = 'There was an issue grabbing your account';
export const USER_LOAD_ERROR = 'Uh-oh, there was an issue finding you! Please try again';
export const CUSTOMER_LOAD_ERROR = 'There was an issue finding your purchase, please try again';

/** GET /api/auth/attemptlogin: resolves true when signed in, false when not. */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: async ({ signal }) => {
    try {
      await authApi.attemptLogin(signal);
      return true;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      return false;
    }
  },
  staleTime: 30_000,
  retry: false,
});

export const accountQuery = queryOptions({
  queryKey: queryKeys.account,
  queryFn: accountApi.getAccount,
  meta: { errorAlert: ACCOUNT_LOAD_ERROR },
});

export const userQuery = queryOptions({
  queryKey: queryKeys.user,
  queryFn: accountApi.getUser,
  meta: { errorAlert: USER_LOAD_ERROR },
});

/** The billing page's plan, usage and payment availability. */
export const billingQuery = queryOptions({
  queryKey: queryKeys.billing,
  queryFn: accountApi.getBilling,
  meta: { errorAlert: BILLING_LOAD_ERROR },
});

/** The success page's customer name; asked once, it does not change. */
export const customerQuery = (sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.customer(sessionId),
    queryFn: () => accountApi.lookUpCustomer(sessionId),
    meta: { errorAlert: CUSTOMER_LOAD_ERROR },
    staleTime: Infinity,
    retry: false,
  });

export const useSession = () => useQuery(sessionQuery);
export const useAccount = () => useQuery(accountQuery);
export const useUser = () => useQuery(userQuery);
