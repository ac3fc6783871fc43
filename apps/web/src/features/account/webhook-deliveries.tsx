import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookAttempt, WebhookDelivery } from '@roughcut/shared';
import { describeError } from '../../api/api-error.ts';
import { queryKeys } from '../../api/query-keys.ts';
import {
  DELIVERIES_LOAD_ERROR,
  webhookDeliveriesQuery,
  webhooksApi,
} from '../../api/webhooks.api.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { GENERIC_FAILURE } from '../../lib/auth-messages.ts';
import {
  EVENT_LABELS,
  attemptTimeOf,
  deliveriesRefetchMs,
  deliveryStatus,
  deliveryTimes,
  describeAttempt,
  newestFirst,
} from './webhooks.rules.ts';

/** A webhook's latest deliveries, each with every attempt and "Send again". */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const client = useQueryClient();
  const deliveries = useQuery({
    ...webhookDeliveriesQuery(webhookId),
    // NOTE: a delivery on its way changes within seconds; a settled log only when an edit moves.
    refetchInterval: (query) => deliveriesRefetchMs(query.state.data?.deliveries ?? []),
  });
  const resend = useMutation({
    mutationFn: (deliveryId: string) => webhooksApi.resend(webhookId, deliveryId),
    // NOTE: the whole list: "failing since" of the webhook may change with the new attempt.
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.webhooks }),
    onError: (error) => showAlert(describeError(error, GENERIC_FAILURE)),
  });

  if (deliveries.isError) {
    return <Typography color="text.secondary">{DELIVERIES_LOAD_ERROR}</Typography>;
  }
  if (!deliveries.data) {
    return <Typography color="text.secondary">Loading deliveries…</Typography>;
  }
  if (deliveries.data.deliveries.length === 0) {
    return (
      <Typography color="text.secondary" variant="body2">
        No deliveries yet: one is sent when an edit&apos;s clips are ready, its video is rendered or
        it fails.
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {deliveries.data.deliveries.map((delivery) => (
        <DeliveryItem
          key={delivery.id}
          delivery={delivery}
          sending={resend.isPending && resend.variables === delivery.id}
          onSendAgain={() => resend.mutate(delivery.id)}
        />
      ))}
    </Stack>
  );
}

function DeliveryItem({
  delivery,
  sending,
  onSendAgain,
}: {
  delivery: WebhookDelivery;
  sending: boolean;
  onSendAgain: () => void;
}) {
  const status = deliveryStatus(delivery);
  return (
    <Box
      component="li"
      aria-label={`Delivery ${delivery.event} ${delivery.id}`}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{EVENT_LABELS[delivery.event]}</Typography>
            <Chip size="small" color={status.color} label={status.label} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {deliveryTimes(delivery)}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {delivery.event} · webhook-id {delivery.id}
          </Typography>
        </Stack>
        <Button
          size="small"
          variant="outlined"
          disabled={sending}
          onClick={onSendAgain}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'flex-start' } }}
        >
          {sending ? 'Sending…' : 'Send again'}
        </Button>
      </Stack>
      {delivery.attempts.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Not tried yet.
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label="Attempts"
          sx={{ m: 0, mt: 1.5, p: 0, listStyle: 'none', borderTop: 1, borderColor: 'divider' }}
        >
          {newestFirst(delivery.attempts).map((attempt, index) => (
            <AttemptLine key={`${attempt.at}-${index}`} attempt={attempt} />
          ))}
        </Box>
      )}
    </Box>
  );
}

const OUTCOME_COLORS: Record<WebhookAttempt['outcome'], string> = {
  succeeded: 'success.main',
  failed: 'error.main',
  refused: 'error.main',
};

function AttemptLine({ attempt }: { attempt: WebhookAttempt }) {
  const words = describeAttempt(attempt);
  return (
    <Box
      component="li"
      sx={{
        // NOTE: one row of columns on a wide screen; on a phone the outcome, code and duration
        // lead, with the time and the error on lines of their own under them.
        display: 'grid',
        gridTemplateAreas: {
          xs: '"outcome code duration" "time time time" "error error error"',
          md: '"time outcome code duration error"',
        },
        gridTemplateColumns: {
          xs: 'auto auto minmax(0, 1fr)',
          md: '10rem 5.5rem 6.5rem 4.5rem minmax(0, 1fr)',
        },
        columnGap: 1.5,
        rowGap: 0.25,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
        typography: 'body2',
        '&:last-of-type': { borderBottom: 0, pb: 0 },
      }}
    >
      <Box component="span" sx={{ gridArea: 'time', color: 'text.secondary' }}>
        {attemptTimeOf(attempt.at)}
      </Box>
      <Box
        component="span"
        sx={{ gridArea: 'outcome', color: OUTCOME_COLORS[attempt.outcome], fontWeight: 600 }}
      >
        {words.outcome}
      </Box>
      <Box component="span" sx={{ gridArea: 'code', whiteSpace: 'nowrap' }}>
        {words.code}
      </Box>
      <Box
        component="span"
        sx={{ gridArea: 'duration', color: 'text.secondary', whiteSpace: 'nowrap' }}
      >
        {words.duration}
      </Box>
      {attempt.error ? (
        <Box
          component="span"
          sx={{ gridArea: 'error', color: 'text.secondary', overflowWrap: 'anywhere' }}
        >
          {attempt.error}
        </Box>
      ) : null}
    </Box>
  );
}
