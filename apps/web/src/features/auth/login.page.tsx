import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { describeError } from '../../api/api-error.ts';
import { authApi } from '../../api/auth.api.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { showAlert } from '../../lib/show-alert.ts';
import type { GuardState } from '../../layouts/session-guard.tsx';
import { LOGIN_FAILED } from '../../lib/auth-messages.ts';
import { AuthShell } from '../../components/auth-shell.tsx';
import {
  AuthForm,
  AuthPrompt,
  EmailOrUsernameField,
  PasswordField,
  SubmitButton,
} from './auth-fields.tsx';
import { validateLogin } from './auth-validation.ts';
import { useAuthForm } from './use-auth-form.ts';

export function LoginPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const from = (useLocation().state as GuardState | null)?.from;

  const login = useMutation({
    mutationFn: authApi.login,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ['manage'] });
      queryClient.setQueryData(queryKeys.session, true);
      await navigate(from?.startsWith('/') ? from : '/edits', { replace: true });
    },
    onError: (error) => showAlert(describeError(error, LOGIN_FAILED)),
  });

  const { field, submit } = useAuthForm({ email: '', password: '' }, validateLogin, (form) =>
    login.mutate({ email: form.email.trim(), password: form.password }),
  );

  return (
    <AuthShell title="Log in" subtitle="Welcome back. Pick up your edits where you left them.">
      <AuthForm onSubmit={submit}>
        <EmailOrUsernameField autoFocus {...field('email')} />
        <PasswordField purpose="current" {...field('password')} />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: '8px !important' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Stack>
        <SubmitButton pending={login.isPending} pendingText="Logging in...">
          Login
        </SubmitButton>
        <AuthPrompt prompt="New to Roughcut?" to="/signup">
          Sign up
        </AuthPrompt>
      </AuthForm>
    </AuthShell>
  );
}
