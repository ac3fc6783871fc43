import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { Webhook } from '@roughcut/shared';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { addedLabel, webhookState } from './webhooks.rules.ts';

/** One webhook: its address, events and state, Deliveries, Turn on again and Delete. */
export function WebhookRow({
  webhook,
  busy,
  onDelete,
  onEnable,
}: {
  webhook: Webhook;
  busy: boolean;
  onDelete: () => void;
  onEnable: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deliveriesId = useId();
  const state = webhookState(webhook);
  return (
    <Box
      component="li"
      aria-label={`Webhook ${webhook.url}`}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <Stack spacing={0.75} sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            sx={{
              fontWeight: 600,
              fontFamily: 'monospace',
              fontSize: { xs: 13, sm: 14 },
              overflowWrap: 'anywhere',
            }}
          >
            {webhook.url}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
            <Chip size="small" color={state.color} label={state.label} />
            {webhook.events.map((event) => (
              <Chip
                key={event}
                size="small"
                variant="outlined"
                label={event}
                sx={{ fontFamily: 'monospace' }}
              />
            ))}
          </Stack>
          {state.detail ? (
            <Typography
              variant="body2"
              color={state.color === 'error' ? 'error' : 'warning.dark'}
              data-testid="webhook-state-detail"
            >
              {state.detail}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {addedLabel(webhook.created_at)}
          </Typography>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, flexShrink: 0 }}>
          <Button
            size="small"
            variant={open ? 'contained' : 'outlined'}
            aria-expanded={open}
            aria-controls={open ? deliveriesId : undefined}
            onClick={() => setOpen((was) => !was)}
          >
            {open ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          {webhook.enabled ? null : (
            <Button size="small" variant="outlined" disabled={busy} onClick={onEnable}>
              Turn on again
            </Button>
          )}
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        </Stack>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Box
          id={deliveriesId}
          role="region"
          aria-label={`Deliveries to ${webhook.url}`}
          sx={{ mt: 1.5 }}
        >
          <WebhookDeliveries webhookId={webhook.id} />
        </Box>
      </Collapse>
      {confirming ? (
        <Dialog open onClose={() => setConfirming(false)} fullWidth maxWidth="xs">
          <DialogTitle>Delete this webhook?</DialogTitle>
          <DialogContent>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Roughcut stops sending events to {webhook.url}, and its delivery log is deleted with
              it.
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button
              variant="contained"
              color="error"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                onDelete();
              }}
            >
              Delete
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Box>
  );
}
