import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { describeError } from '../../api/api-error.ts';
import { authApi } from '../../api/auth.api.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { GENERIC_FAILURE } from '../../lib/auth-messages.ts';
import { AuthShell } from '../../components/auth-shell.tsx';
import { NEW_PASSWORD_HINT, validateNewPassword } from './auth-validation.ts';

/** /resetpassword/:code: the code comes from the e-mailed link. */
export function ResetPasswordPage() {
  const { code = '' } = useParams();
  const [password, setPassword] = useState('');
  const reset = useMutation({
    mutationFn: (newPassword: string) => authApi.confirmPasswordReset(code, newPassword),
    onError: (error) => showAlert(describeError(error, GENERIC_FAILURE)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateNewPassword({ password });
    if (problem) return showAlert(problem);
    reset.mutate(password);
  };

  return (
    <AuthShell title="Set a new password" subtitle="Choose a new password for your account.">
      {reset.isSuccess ? (
        <Stack spacing={3}>
          <Alert severity="success" role="status">
            Your password has been reset. You can now log in with your new password.
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            Go to login
          </Button>
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            helperText={NEW_PASSWORD_HINT}
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
            Reset Password
          </Button>
          <Link
            component={RouterLink}
            to="/login"
            variant="body2"
            sx={{ textAlign: 'center', fontWeight: 600 }}
          >
            Back to login
          </Link>
        </Stack>
      )}
    </AuthShell>
  );
}
