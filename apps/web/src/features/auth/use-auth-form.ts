import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { showAlert } from '../../lib/show-alert.ts';
import { alertOrSend } from './auth-validation.ts';

/** What a text field needs to show and edit one value of the form. */
export type BoundField = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

/**
 * Binds each field of an auth form by its `name` attribute, and gives the submit handler:
 * validated on the client first (SPEC section 5), then handed to `send`.
 */
export function useAuthForm<Name extends string>(
  initial: Record<Name, string>,
  validate: (values: Record<Name, string>) => string | null,
  send: (values: Record<Name, string>) => void,
) {
  const [values, setValues] = useState(initial);

  const field = (name: Name): BoundField => ({
    name,
    value: values[name],
    onChange: (event) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    // NOTE: the browser's own submit would reload the page; the form posts through the API.
    event.preventDefault();
    alertOrSend(values, validate, send, showAlert);
  };

  return { field, submit };
}
