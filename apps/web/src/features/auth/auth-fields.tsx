import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { NEW_PASSWORD_HINT } from './auth-validation.ts';
import type { BoundField } from './use-auth-form.ts';

type FieldProps = BoundField & { autoFocus?: boolean };

/** The form of every auth screen: validated by the screen (SPEC section 5), not the browser. */
export function AuthForm({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      {children}
    </Stack>
  );
}

/** The login and the reset request accept either; the server looks both up. */
export function EmailOrUsernameField(props: FieldProps) {
  return <TextField label="Email or username" autoComplete="username" {...props} />;
}

/**
 * `purpose` is the browser's autocomplete token: a password manager fills a `current` one and
 * offers to generate a `new` one, which also shows the length rule.
 */
export function PasswordField({
  purpose,
  label = 'Password',
  ...props
}: FieldProps & { purpose: 'current' | 'new'; label?: string }) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={`${purpose}-password`}
      helperText={purpose === 'new' ? NEW_PASSWORD_HINT : undefined}
      {...props}
    />
  );
}

export function SubmitButton({
  pending,
  pendingText,
  children,
}: {
  pending: boolean;
  /** Shown instead of the label while the request runs; without it the label stays. */
  pendingText?: string;
  children: string;
}) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={pending}>
      {pending && pendingText ? pendingText : children}
    </Button>
  );
}

/** The line under a form that leads to the other auth screen ("New to Roughcut? Sign up"). */
export function AuthPrompt({
  prompt,
  to,
  children,
}: {
  prompt: string;
  to: string;
  children: string;
}) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
      {prompt}{' '}
      <Link component={RouterLink} to={to} sx={{ fontWeight: 600 }}>
        {children}
      </Link>
    </Typography>
  );
}

/** What replaces a one-shot form once it went through: the outcome and the way to the login. */
export function AuthDone({
  icon,
  message,
  loginText,
  loginVariant,
}: {
  icon?: ReactNode;
  message: string;
  loginText: string;
  loginVariant: 'contained' | 'outlined';
}) {
  return (
    <Stack spacing={3}>
      <Alert icon={icon} severity="success" role="status">
        {message}
      </Alert>
      <Button component={RouterLink} to="/login" variant={loginVariant} size="large">
        {loginText}
      </Button>
    </Stack>
  );
}
