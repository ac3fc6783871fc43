import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { useMutation } from '@tanstack/react-query';
import { describeError } from '../../api/api-error.ts';
import { authApi } from '../../api/auth.api.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { RESET_REQUEST_FAILED } from '../../lib/auth-messages.ts';
import { AuthShell } from '../../components/auth-shell.tsx';
import {
  AuthDone,
  AuthForm,
  AuthPrompt,
  EmailOrUsernameField,
  SubmitButton,
} from './auth-fields.tsx';
import { validateForgotPassword } from './auth-validation.ts';
import { useAuthForm } from './use-auth-form.ts';

export function ForgotPasswordPage() {
  const request = useMutation({
    mutationFn: authApi.requestPasswordReset,
    onError: (error) => showAlert(describeError(error, RESET_REQUEST_FAILED)),
  });

  const { field, submit } = useAuthForm({ email: '' }, validateForgotPassword, (form) =>
    request.mutate(form.email.trim()),
  );

  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter your email or username and we will email you a link to set a new one."
    >
      {request.isSuccess ? (
        <AuthDone
          icon={<MarkEmailReadOutlined />}
          message="A password reset email has been sent. Open the link in it to choose a new password."
          loginText="Back to login"
          loginVariant="outlined"
        />
      ) : (
        <AuthForm onSubmit={submit}>
          <EmailOrUsernameField autoFocus {...field('email')} />
          <SubmitButton pending={request.isPending} pendingText="Sending...">
            Send Reset Email
          </SubmitButton>
          <AuthPrompt prompt="Remembered it?" to="/login">
            Back to login
          </AuthPrompt>
        </AuthForm>
      )}
    </AuthShell>
  );
}
