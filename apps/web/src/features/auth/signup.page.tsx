import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { TRIAL_EDIT_LIMIT } from '@roughcut/shared';
import type { RegisterRequest } from '@roughcut/shared';
import { describeError } from '../../api/api-error.ts';
import { authApi } from '../../api/auth.api.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { LOGIN_FAILED, SIGNUP_FAILED } from '../../lib/auth-messages.ts';
import { AuthShell } from '../../components/auth-shell.tsx';
import { NEW_PASSWORD_HINT, validateSignup } from './auth-validation.ts';

class SignUpLoginError extends Error {
  constructor(cause: unknown) {
    super('Signed up, but the automatic login failed', { cause });
  }
}

/** SPEC section 4.3: register, automatic login, page reload (which then lands on /edits). */
async function signUp(request: RegisterRequest): Promise<void> {
  await authApi.register(request);
  try {
    await authApi.login({ email: request.email, password: request.password });
  } catch (error) {
    throw new SignUpLoginError(error);
  }
}

export function SignupPage() {
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const signup = useMutation({
    mutationFn: signUp,
    onSuccess: () => window.location.reload(),
    onError: (error) => {
      if (error instanceof SignUpLoginError) {
        // NOTE: the account exists; sending the user to log in keeps them from signing up twice.
        showAlert(describeError(error.cause, LOGIN_FAILED));
        window.location.assign('/login');
        return;
      }
      showAlert(describeError(error, SIGNUP_FAILED));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSignup({ email, username, password });
    if (problem) return showAlert(problem);
    signup.mutate({ email: email.trim(), username: username.trim(), password });
  };

  const working = signup.isPending || signup.isSuccess;

  return (
    <AuthShell
      title="Create your account"
      subtitle={`Start free with ${TRIAL_EDIT_LIMIT} video edits. No card needed.`}
    >
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          helperText={NEW_PASSWORD_HINT}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" variant="contained" size="large" disabled={working}>
          {working ? 'Signing Up...' : 'Sign Up'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
            Log in
          </Link>
        </Typography>
      </Stack>
    </AuthShell>
  );
}
