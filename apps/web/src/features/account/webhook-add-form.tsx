import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { WEBHOOK_EVENTS } from '@roughcut/shared';
import type { CreateWebhookResponse, WebhookEvent } from '@roughcut/shared';
import { describeError } from '../../api/api-error.ts';
import { webhooksApi } from '../../api/webhooks.api.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { GENERIC_FAILURE } from '../../lib/auth-messages.ts';
import { EVENT_LABELS, checkWebhookForm, fieldOfServerError } from './webhooks.rules.ts';
import type { WebhookFieldErrors } from './webhooks.rules.ts';

/** "Add a webhook": an address and the events it receives, every event ticked to start with. */
export function WebhookAddForm({
  onCreated,
}: {
  onCreated: (made: CreateWebhookResponse) => void;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<readonly WebhookEvent[]>(WEBHOOK_EVENTS);
  const [errors, setErrors] = useState<WebhookFieldErrors>({});
  const create = useMutation({
    mutationFn: webhooksApi.create,
    onSuccess: (made) => {
      setUrl('');
      setEvents(WEBHOOK_EVENTS);
      onCreated(made);
    },
    onError: (error) => {
      const message = describeError(error, GENERIC_FAILURE);
      const field = fieldOfServerError(message);
      // NOTE: a refusal of the address or events goes under its field, as the server worded it.
      if (field) setErrors({ [field]: message });
      else showAlert(message);
    },
  });

  const toggle = (event: WebhookEvent, on: boolean) => {
    setEvents((current) =>
      on ? [...current, event] : current.filter((chosen) => chosen !== event),
    );
    setErrors((current) => ({ ...current, events: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWebhookForm({ url, events });
    setErrors(checked.errors ?? {});
    if (checked.errors === undefined) create.mutate(checked.request);
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Add a webhook">
      <TextField
        label="Receiver URL"
        name="webhook-url"
        type="url"
        placeholder="https://example.com/hooks/roughcut"
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setErrors((current) => ({ ...current, url: undefined }));
        }}
        error={errors.url !== undefined}
        helperText={errors.url}
        slotProps={{ htmlInput: { maxLength: 2000, spellCheck: false } }}
        fullWidth
      />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-end' } }}
      >
        <FormControl
          component="fieldset"
          error={errors.events !== undefined}
          sx={{ flex: 1, minWidth: 0 }}
        >
          <FormLabel component="legend" sx={{ typography: 'body2' }}>
            Events
          </FormLabel>
          <FormGroup sx={{ flexDirection: { xs: 'column', sm: 'row' }, columnGap: 1 }}>
            {WEBHOOK_EVENTS.map((name) => (
              <FormControlLabel
                key={name}
                control={
                  <Checkbox
                    checked={events.includes(name)}
                    onChange={(change) => toggle(name, change.target.checked)}
                  />
                }
                label={
                  <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
                    <span>{EVENT_LABELS[name]}</span>
                    <Box
                      component="code"
                      sx={{ fontSize: 12, color: 'text.secondary', fontFamily: 'monospace' }}
                    >
                      {name}
                    </Box>
                  </Box>
                }
                sx={{ mr: 2, py: 0.5 }}
              />
            ))}
          </FormGroup>
          {errors.events ? <FormHelperText sx={{ mx: 0 }}>{errors.events}</FormHelperText> : null}
        </FormControl>
        <Button
          type="submit"
          variant="contained"
          disabled={create.isPending}
          sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', md: 'flex-end' }, mb: { md: 0.5 } }}
        >
          Add webhook
        </Button>
      </Stack>
    </Stack>
  );
}
