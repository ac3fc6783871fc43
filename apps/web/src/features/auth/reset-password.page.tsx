import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { describeError } from '../../api/api-error.ts';
import { authApi } from '../../api/auth.api.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { GENERIC_FAILURE } from '../../lib/auth-messages.ts';
import { AuthShell } from '../../components/auth-shell.tsx';
import { AuthDone, AuthForm, PasswordField, SubmitButton } from './auth-fields.tsx';
import { validateNewPassword } from './auth-validation.ts';
import { useAuthForm } from './use-auth-form.ts';

/** /resetpassword/:code: the code comes from the e-mailed link. */
export function ResetPasswordPage() {
  const { code = '' } = useParams();
  const reset = useMutation({
    mutationFn: (newPassword: string) => authApi.confirmPasswordReset(code, newPassword),
    onError: (error) => showAlert(describeError(error, GENERIC_FAILURE)),
  });

  const { field, submit } = useAuthForm({ password: '' }, validateNewPassword, (form) =>
    reset.mutate(form.password),
  );

  return (
    <AuthShell title="Set a new password" subtitle="Choose a new password for your account.">
      {reset.isSuccess ? (
        <AuthDone
          message="Your password has been reset. You can now log in with your new password."
          loginText="Go to login"
          loginVariant="contained"
        />
      ) : (
        <AuthForm onSubmit={submit}>
          <PasswordField purpose="new" label="New password" autoFocus {...field('password')} />
          <SubmitButton pending={reset.isPending}>Reset Password</SubmitButton>
          <Link
            component={RouterLink}
            to="/login"
            variant="body2"
            sx={{ textAlign: 'center', fontWeight: 600 }}
          >
            Back to login
          </Link>
        </AuthForm>
      )}
    </AuthShell>
  );
}
