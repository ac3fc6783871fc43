// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AuthDone,
  AuthForm,
  AuthPrompt,
  EmailOrUsernameField,
  PasswordField,
  SubmitButton,
} from './auth-fields.tsx';
import { NEW_PASSWORD_HINT, validateLogin } from './auth-validation.ts';
import { useAuthForm } from './use-auth-form.ts';

let alerts: string[];
beforeEach(() => {
  alerts = [];
  vi.stubGlobal('alert', (message?: unknown) => alerts.push(String(message)));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function LoginForm({ send, pending = false }: { send: (form: object) => void; pending?: boolean }) {
  const { field, submit } = useAuthForm({ email: '', password: '' }, validateLogin, send);
  return (
    <MemoryRouter>
      <AuthForm onSubmit={submit}>
        <EmailOrUsernameField autoFocus {...field('email')} />
        <PasswordField purpose="current" {...field('password')} />
        <SubmitButton pending={pending} pendingText="Logging in...">
          Login
        </SubmitButton>
        <AuthPrompt prompt="New to Roughcut?" to="/signup">
          Sign up
        </AuthPrompt>
      </AuthForm>
    </MemoryRouter>
  );
}

describe('the auth form fields', () => {
  it('keep the names and autocomplete tokens browsers and password managers go by', () => {
    render(<LoginForm send={vi.fn()} />);
    const identifier = screen.getByLabelText('Email or username');
    expect(identifier.getAttribute('name')).toBe('email');
    expect(identifier.getAttribute('autocomplete')).toBe('username');
    expect(document.activeElement).toBe(identifier);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('name')).toBe('password');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(screen.queryByText(NEW_PASSWORD_HINT)).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByText(/New to Roughcut\?/)).toBeTruthy();
  });

  it('alert the first failing rule and send nothing, then send what was typed', async () => {
    const send = vi.fn();
    render(<LoginForm send={send} />);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(alerts).toEqual(['Must enter email']);
    await userEvent.type(screen.getByLabelText('Email or username'), 'ann');
    await userEvent.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(alerts).toEqual(['Must enter email']);
    expect(send).toHaveBeenCalledExactlyOnceWith({ email: 'ann', password: 'secret' });
  });

  it('show the pending text and refuse a second submit while the request runs', () => {
    render(<LoginForm send={vi.fn()} pending />);
    const button = screen.getByRole('button', { name: 'Logging in...' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('show the length rule under a new password, under the label asked for', () => {
    render(
      <PasswordField
        purpose="new"
        label="New password"
        name="password"
        value=""
        onChange={vi.fn()}
      />,
    );
    const field = screen.getByLabelText('New password');
    expect(field.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText(NEW_PASSWORD_HINT)).toBeTruthy();
  });

  it('keep a button without pending text on its label while the request runs', () => {
    render(<SubmitButton pending>Reset Password</SubmitButton>);
    const button = screen.getByRole('button', { name: 'Reset Password' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('replace a sent form with its outcome and the way to the login', () => {
    render(
      <MemoryRouter>
        <AuthDone
          message="Your password has been reset."
          loginText="Go to login"
          loginVariant="contained"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe('Your password has been reset.');
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
  });
});
