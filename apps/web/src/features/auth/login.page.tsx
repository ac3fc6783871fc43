import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { describeError } from '../../api/api-error.ts';
import { authApi } from '../../api/auth.api.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { showAlert } from '../../lib/show-alert.ts';
import type { GuardState } from '../../layouts/session-guard.tsx';
import { LOGIN_FAILED } from '../../lib/auth-messages.ts';
import { AuthShell } from '../../components/auth-shell.tsx';
import { validateLogin } from './auth-validation.ts';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateLogin({ email, password });
    if (problem) return showAlert(problem);
    login.mutate({ email: email.trim(), password });
  };

  return (
    <AuthShell title="Log in" subtitle="Welcome back. Pick up your edits where you left them.">
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
        <TextField
          label="Email or username"
          name="email"
          autoComplete="username"
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: '8px !important' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Stack>
        <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          New to Roughcut?{' '}
          <Link component={RouterLink} to="/signup" sx={{ fontWeight: 600 }}>
            Sign up
          </Link>
        </Typography>
      </Stack>
    </AuthShell>
  );
}
