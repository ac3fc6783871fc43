import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { APP_ROUTES } from '@roughcut/shared';
import { ConfirmEmailPage } from '../features/account/confirm-email.page.tsx';
import { AccountPage } from '../features/account/account.page.tsx';
import { ForgotPasswordPage } from '../features/auth/forgot-password.page.tsx';
import { LoginPage } from '../features/auth/login.page.tsx';
import { RegisterConfirmPage } from '../features/auth/register-confirm.page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password.page.tsx';
import { SignupPage } from '../features/auth/signup.page.tsx';
import { LandingPage } from '../features/landing/landing.page.tsx';
import { TIMELINE_EDITOR_ROUTE } from '../lib/timeline-paths.ts';
import { AccountLayout } from '../layouts/account-layout.tsx';
import { PublicOnlyRoute } from '../layouts/public-only-route.tsx';
import { SessionGuard } from '../layouts/session-guard.tsx';
import { SignedInLayout } from '../layouts/signed-in-layout.tsx';
import { ErrorPage } from './error-page.tsx';
import { RootRedirect } from './root-redirect.tsx';

// SPEC section 2.1: every path comes from APP_ROUTES (absolute paths, so a nested route reads
// the same as its link). Feature screens are lazy route modules (`export function Component`), so
// each feature ships in its own chunk and is added here with one line.
export const signedInRoutes: RouteObject[] = [
  { path: APP_ROUTES.edits, lazy: () => import('../features/edits/edits.route.tsx') },
  { path: APP_ROUTES.templates, lazy: () => import('../features/templates/templates.route.tsx') },
  {
    path: APP_ROUTES.job,
    lazy: () => import('../features/job/job.route.tsx'),
  },
  {
    path: APP_ROUTES.clip,
    lazy: () => import('../features/clip-screen/clip.route.tsx'),
  },
  {
    path: TIMELINE_EDITOR_ROUTE,
    lazy: () => import('../features/clip-screen/timeline-editor.route.tsx'),
  },
  {
    path: APP_ROUTES.account,
    element: <AccountLayout />,
    children: [
      { index: true, element: <AccountPage /> },
      {
        path: APP_ROUTES.apiReference,
        lazy: () => import('../features/account/api-reference.route.tsx'),
      },
      { path: APP_ROUTES.billing, lazy: () => import('../features/billing/billing.route.tsx') },
      {
        path: APP_ROUTES.billingSuccess,
        lazy: () => import('../features/billing/billing-success.route.tsx'),
      },
      {
        path: APP_ROUTES.billingCancelled,
        lazy: () => import('../features/billing/billing-cancelled.route.tsx'),
      },
    ],
  },
];

/**
 * Drawn while the first lazy route module of a page load arrives: nothing, as the session guard
 * shows nothing while it checks. WARNING: a component, not `hydrateFallbackElement: null`, which
 * React Router takes for no fallback at all and warns about on every lazy page.
 */
function BlankWhileLoading() {
  return null;
}

export const routes: RouteObject[] = [
  {
    path: APP_ROUTES.root,
    errorElement: <ErrorPage />,
    HydrateFallback: BlankWhileLoading,
    children: [
      { index: true, element: <RootRedirect /> },
      { path: APP_ROUTES.landing, element: <LandingPage /> },
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: APP_ROUTES.login, element: <LoginPage /> },
          { path: APP_ROUTES.signup, element: <SignupPage /> },
          { path: APP_ROUTES.forgotPassword, element: <ForgotPasswordPage /> },
        ],
      },
      { path: APP_ROUTES.registerConfirm, element: <RegisterConfirmPage /> },
      { path: APP_ROUTES.resetPassword, element: <ResetPasswordPage /> },
      { path: APP_ROUTES.confirmEmail, element: <ConfirmEmailPage /> },
      {
        element: <SessionGuard />,
        children: [{ element: <SignedInLayout />, children: signedInRoutes }],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
