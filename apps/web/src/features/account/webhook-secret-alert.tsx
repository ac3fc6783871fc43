import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { WEBHOOK_TOLERANCE_S } from '@roughcut/shared';
import type { CreateWebhookResponse } from '@roughcut/shared';
import { showAlert } from '../../lib/show-alert.ts';

const STANDARD_WEBHOOKS = 'https://www.standardwebhooks.com/';

/** The new webhook's signing secret, shown once, with how a receiver checks a delivery. */
export function WebhookSecretAlert({
  made,
  onDone,
}: {
  made: CreateWebhookResponse;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(made.secret).then(
      () => setCopied(true),
      () => showAlert('The secret could not be copied: select it and copy it by hand.'),
    );
  return (
    <Alert
      severity="success"
      role="status"
      sx={{
        mt: 2,
        '& .MuiAlert-message': { minWidth: 0, flex: 1 },
        // NOTE: on a phone the icon's column is worth more to the secret and the note.
        '& .MuiAlert-icon': { display: { xs: 'none', sm: 'flex' } },
        '& code': { overflowWrap: 'anywhere' },
      }}
    >
      <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        Copy the signing secret of {made.webhook.url} now: it is shown only once.
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Typography
          component="code"
          data-testid="new-webhook-secret"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all', flex: 1 }}
        >
          {made.secret}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button size="small" variant="outlined" onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button size="small" color="inherit" onClick={onDone}>
            Done
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2" sx={{ mt: 1.5 }}>
        Every delivery is a POST of JSON with the{' '}
        <Link href={STANDARD_WEBHOOKS} target="_blank" rel="noopener" color="inherit">
          Standard Webhooks
        </Link>{' '}
        headers <code>webhook-id</code>, <code>webhook-timestamp</code> and{' '}
        <code>webhook-signature</code>. Check the signature with this secret and a Standard Webhooks
        library (for example <code>new Webhook(secret).verify(body, headers)</code>) on the raw
        body, refuse a timestamp more than {WEBHOOK_TOLERANCE_S / 60} minutes off, and ignore a{' '}
        <code>webhook-id</code> you have already handled: retries repeat it.
      </Typography>
    </Alert>
  );
}
