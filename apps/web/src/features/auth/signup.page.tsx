import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { TRIAL_EDIT_LIMIT } from '@roughcut/shared';
import type { RegisterRequest } from '@roughcut/shared';
import { describeError } from '../../api/api-error.ts';
import { authApi } from '../../api/auth.api.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { LOGIN_FAILED, SIGNUP_FAILED } from '../../lib/auth-messages.ts';
import { AuthShell } from '../../components/auth-shell.tsx';
import { AuthForm, AuthPrompt, PasswordField, SubmitButton } from './auth-fields.tsx';
import { validateSignup } from './auth-validation.ts';
import { useAuthForm } from './use-auth-form.ts';

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

  const { field, submit } = useAuthForm(
    { email: '', username: '', password: '' },
    validateSignup,
    (form) =>
      signup.mutate({
        email: form.email.trim(),
        username: form.username.trim(),
        password: form.password,
      }),
  );

  const working = signup.isPending || signup.isSuccess;

  return (
    <AuthShell
      title="Create your account"
      subtitle={`Start free with ${TRIAL_EDIT_LIMIT} video edits. No card needed.`}
    >
      <AuthForm onSubmit={submit}>
        <TextField label="Email" type="email" autoComplete="email" autoFocus {...field('email')} />
        <TextField label="Username" autoComplete="username" {...field('username')} />
        <PasswordField purpose="new" {...field('password')} />
        <SubmitButton pending={working} pendingText="Signing Up...">
          Sign Up
        </SubmitButton>
        <AuthPrompt prompt="Already have an account?" to="/login">
          Log in
        </AuthPrompt>
      </AuthForm>
    </AuthShell>
  );
}
