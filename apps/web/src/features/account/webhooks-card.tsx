import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreateWebhookResponse } from '@roughcut/shared';
import { describeError } from '../../api/api-error.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { WEBHOOKS_LOAD_ERROR, webhooksApi, webhooksQuery } from '../../api/webhooks.api.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { GENERIC_FAILURE } from '../../lib/auth-messages.ts';
import { WebhookAddForm } from './webhook-add-form.tsx';
import { WebhookRow } from './webhook-row.tsx';
import { WebhookSecretAlert } from './webhook-secret-alert.tsx';

/**
 * Issue 36: "Webhooks": HTTPS receivers told of an edit's clips being ready, its render and its
 * failure; each delivery is logged with its attempts and can be sent again.
 */
export function WebhooksCard() {
  const client = useQueryClient();
  const webhooks = useQuery(webhooksQuery);
  const [made, setMade] = useState<CreateWebhookResponse | undefined>();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.webhooks });
  const remove = useMutation({
    mutationFn: webhooksApi.remove,
    onSuccess: () => void refresh(),
    onError: (error) => showAlert(describeError(error, GENERIC_FAILURE)),
  });
  const enable = useMutation({
    mutationFn: webhooksApi.enable,
    onSuccess: () => void refresh(),
    onError: (error) => showAlert(describeError(error, GENERIC_FAILURE)),
  });
  const busyWith = (id: string) =>
    (remove.isPending && remove.variables === id) || (enable.isPending && enable.variables === id);
  const list = webhooks.data?.webhooks ?? [];

  return (
    <Card component="section" aria-labelledby="webhooks-title">
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="webhooks-title" variant="h6" component="h2">
          Webhooks
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          Roughcut sends a signed POST to your address when an edit&apos;s clips are ready, its
          video is rendered or it fails. A delivery that fails is retried with growing waits for 24
          hours; an address that fails for 24 hours is disabled and you get an email.
        </Typography>
        <WebhookAddForm
          onCreated={(response) => {
            setMade(response);
            void refresh();
          }}
        />
        {made ? <WebhookSecretAlert made={made} onDone={() => setMade(undefined)} /> : null}
        {webhooks.isError ? (
          <Typography color="text.secondary" sx={{ mt: 3 }}>
            {WEBHOOKS_LOAD_ERROR}
          </Typography>
        ) : webhooks.isSuccess && list.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 3 }} data-testid="webhooks-empty">
            No webhooks yet: add one so your own server hears the moment an edit&apos;s clips are
            ready, its video is rendered or it fails, with no polling.
          </Typography>
        ) : (
          <Stack
            component="ul"
            aria-label="Your webhooks"
            sx={{ mt: 3, mb: 0, p: 0, listStyle: 'none' }}
          >
            {list.map((webhook) => (
              <WebhookRow
                key={webhook.id}
                webhook={webhook}
                busy={busyWith(webhook.id)}
                onDelete={() => remove.mutate(webhook.id)}
                onEnable={() => enable.mutate(webhook.id)}
              />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
