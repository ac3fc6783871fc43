import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

type PostFormProps = {
  action: string;
  label: string;
  fields?: Record<string, string>;
  variant?: 'contained' | 'outlined';
  icon?: ReactNode;
};

/**
 * A plain HTML form post (SPEC 2.5: Buy plan "submits a plain form post"): the browser navigates
 * to the server's redirect, the provider's page, with no script in between.
 */
export function PostForm({
  action,
  label,
  fields = {},
  variant = 'contained',
  icon,
}: PostFormProps) {
  const [sending, setSending] = useState(false);
  useEffect(() => {
    // NOTE: coming back with the browser's Back button restores this page from its cache with
    // the button still busy; let it be pressed again.
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setSending(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  return (
    <form method="post" action={action} onSubmit={() => setSending(true)}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        variant={variant}
        size="large"
        fullWidth
        disabled={sending}
        startIcon={sending ? <CircularProgress size={18} color="inherit" /> : icon}
      >
        {label}
      </Button>
    </form>
  );
}
