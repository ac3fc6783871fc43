import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { describeError } from '../../api/api-error.ts';
import { authApi } from '../../api/auth.api.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { RESET_REQUEST_FAILED } from '../../lib/auth-messages.ts';
import { AuthShell } from '../../components/auth-shell.tsx';
import { validateForgotPassword } from './auth-validation.ts';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useMutation({
    mutationFn: authApi.requestPasswordReset,
    onError: (error) => showAlert(describeError(error, RESET_REQUEST_FAILED)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateForgotPassword({ email });
    if (problem) return showAlert(problem);
    request.mutate(email.trim());
  };

  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter your email or username and we will email you a link to set a new one."
    >
      {request.isSuccess ? (
        <Stack spacing={3}>
          <Alert icon={<MarkEmailReadOutlined />} severity="success" role="status">
            A password reset email has been sent. Open the link in it to choose a new password.
          </Alert>
          <Button component={RouterLink} to="/login" variant="outlined" size="large">
            Back to login
          </Button>
        </Stack>
      ) : (
        <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
          <TextField
            label="Email or username"
            name="email"
            autoComplete="username"
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send Reset Email'}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            Remembered it?{' '}
            <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
              Back to login
            </Link>
          </Typography>
        </Stack>
      )}
    </AuthShell>
  );
}
