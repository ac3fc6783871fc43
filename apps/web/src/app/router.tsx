import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { ConfirmEmailPage } from '../features/account/confirm-email.page.tsx';
import { AccountPage } from '../features/account/account.page.tsx';
import { ForgotPasswordPage } from '../features/auth/forgot-password.page.tsx';
import { LoginPage } from '../features/auth/login.page.tsx';
import { RegisterConfirmPage } from '../features/auth/register-confirm.page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password.page.tsx';
import { SignupPage } from '../features/auth/signup.page.tsx';
import { LandingPage } from '../features/landing/landing.page.tsx';
import { AccountLayout } from '../layouts/account-layout.tsx';
import { PublicOnlyRoute } from '../layouts/public-only-route.tsx';
import { SessionGuard } from '../layouts/session-guard.tsx';
import { SignedInLayout } from '../layouts/signed-in-layout.tsx';
import { ErrorPage } from './error-page.tsx';
import { RootRedirect } from './root-redirect.tsx';

// SPEC section 2.1. Feature screens are lazy route modules (`export function Component`), so
// each feature ships in its own chunk and is added here with one line.
export const signedInRoutes: RouteObject[] = [
  { path: 'edits', lazy: () => import('../features/edits/edits.route.tsx') },
  { path: 'templates', lazy: () => import('../features/templates/templates.route.tsx') },
  {
    path: 'manage/automation/:job_id',
    lazy: () => import('../features/job/job.route.tsx'),
  },
  {
    path: 'manage/automation/:job_id/clip/:clip_id',
    lazy: () => import('../features/clip-screen/clip.route.tsx'),
  },
  {
    path: 'manage/automation/:job_id/clip/:clip_id/timeline',
    lazy: () => import('../features/clip-screen/timeline-editor.route.tsx'),
  },
  {
    path: 'account',
    element: <AccountLayout />,
    children: [
      { index: true, element: <AccountPage /> },
      { path: 'billing', lazy: () => import('../features/billing/billing.route.tsx') },
      {
        path: 'billing/success',
        lazy: () => import('../features/billing/billing-success.route.tsx'),
      },
      {
        path: 'billing/cancelled',
        lazy: () => import('../features/billing/billing-cancelled.route.tsx'),
      },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <ErrorPage />,
    // NOTE: nothing is drawn while the first lazy route module loads.
    hydrateFallbackElement: null,
    children: [
      { index: true, element: <RootRedirect /> },
      { path: 'landing', element: <LandingPage /> },
      {
        element: <PublicOnlyRoute />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'signup', element: <SignupPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
        ],
      },
      { path: 'register/:code/confirm', element: <RegisterConfirmPage /> },
      { path: 'resetpassword/:code', element: <ResetPasswordPage /> },
      { path: 'confirm-email/:code', element: <ConfirmEmailPage /> },
      {
        element: <SessionGuard />,
        children: [{ element: <SignedInLayout />, children: signedInRoutes }],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
