import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  ACCESS_TOKEN_EXPIRY_DAYS,
  ACCESS_TOKEN_MESSAGES,
  APP_ROUTES,
  ENDPOINTS,
} from '@roughcut/shared';
import type { AccessToken, AccessTokenScope, CreateAccessTokenResponse } from '@roughcut/shared';
import { describeError } from '../../api/api-error.ts';
import { TOKENS_LOAD_ERROR, accessTokensQuery, tokensApi } from '../../api/tokens.api.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { showAlert } from '../../lib/show-alert.ts';
import { GENERIC_FAILURE } from '../../lib/auth-messages.ts';
import { describeTokenUse, expiryLabel } from './api-tokens.rules.ts';

const SCOPE_LABELS: Record<AccessTokenScope, string> = {
  read: 'Read only',
  'read+edit': 'Read and edit',
};

/** Issue 36: "API access": personal access tokens for scripts, made here and shown once. */
export function ApiTokensCard() {
  const client = useQueryClient();
  const tokens = useQuery(accessTokensQuery);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<AccessTokenScope>('read+edit');
  const [expiry, setExpiry] = useState<string>('90');
  const [made, setMade] = useState<CreateAccessTokenResponse | undefined>();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.accessTokens });
  const create = useMutation({
    mutationFn: tokensApi.create,
    onSuccess: (response) => {
      setMade(response);
      setName('');
      void refresh();
    },
    onError: (error) => showAlert(describeError(error, GENERIC_FAILURE)),
  });
  const revoke = useMutation({
    mutationFn: tokensApi.revoke,
    onSuccess: () => void refresh(),
    onError: (error) => showAlert(describeError(error, GENERIC_FAILURE)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return showAlert(ACCESS_TOKEN_MESSAGES.nameRequired);
    create.mutate({
      name: name.trim(),
      scope,
      expires_in_days: expiry === 'never' ? null : (Number(expiry) as 30 | 90 | 365),
    });
  };

  return (
    <Card component="section" aria-labelledby="api-access-title">
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="api-access-title" variant="h6" component="h2">
          API access
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
          Scripts send a token as <code>Authorization: Bearer rc_…</code>. A token reaches your
          edits, clips, templates and webhooks, never your account or billing. See the{' '}
          <Link component={RouterLink} to={APP_ROUTES.apiReference}>
            API reference
          </Link>{' '}
          (or the raw{' '}
          <Link href={ENDPOINTS.openapi.path} target="_blank" rel="noopener">
            openapi.json
          </Link>
          ).
        </Typography>
        <Stack component="form" noValidate onSubmit={submit} spacing={2}>
          <TextField
            label="Token name"
            name="token-name"
            placeholder="For example: Nightly batch"
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            fullWidth
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Scope"
              value={scope}
              onChange={(event) => setScope(event.target.value as AccessTokenScope)}
              sx={{ flex: 1 }}
            >
              {Object.entries(SCOPE_LABELS).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Expires"
              value={expiry}
              onChange={(event) => setExpiry(event.target.value)}
              sx={{ flex: 1 }}
            >
              {ACCESS_TOKEN_EXPIRY_DAYS.map((days) => (
                <MenuItem key={days} value={String(days)}>
                  In {days} days
                </MenuItem>
              ))}
              <MenuItem value="never">Never</MenuItem>
            </TextField>
            <Button
              type="submit"
              variant="contained"
              disabled={create.isPending}
              sx={{ flexShrink: 0, height: 56 }}
            >
              Create token
            </Button>
          </Stack>
        </Stack>
        {made ? <NewTokenAlert made={made} onDone={() => setMade(undefined)} /> : null}
        {tokens.isError ? (
          <Typography color="text.secondary" sx={{ mt: 3 }}>
            {TOKENS_LOAD_ERROR}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ mt: 3, p: 0, listStyle: 'none' }}>
            {(tokens.data?.tokens ?? []).map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                revoking={revoke.isPending && revoke.variables === token.id}
                onRevoke={() => revoke.mutate(token.id)}
              />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function NewTokenAlert({ made, onDone }: { made: CreateAccessTokenResponse; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(made.token).then(
      () => setCopied(true),
      () => showAlert('The token could not be copied: select it and copy it by hand.'),
    );
  return (
    <Alert
      severity="success"
      role="status"
      sx={{ mt: 2, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
      action={
        <Button color="inherit" size="small" onClick={onDone}>
          Done
        </Button>
      }
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        Copy “{made.access_token.name}” now: it is shown only once.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography
          component="code"
          data-testid="new-access-token"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}
        >
          {made.token}
        </Typography>
        <Button size="small" variant="outlined" onClick={copy} sx={{ flexShrink: 0 }}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Stack>
    </Alert>
  );
}

function TokenRow({
  token,
  revoking,
  onRevoke,
}: {
  token: AccessToken;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const live = token.status === 'active';
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      aria-label={`Token ${token.name}`}
      sx={{ alignItems: { sm: 'center' }, py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {token.name}
          </Typography>
          <Chip size="small" variant="outlined" label={SCOPE_LABELS[token.scope]} />
          {live ? null : (
            <Chip
              size="small"
              color="default"
              label={token.status === 'revoked' ? 'Revoked' : 'Expired'}
            />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          <code>{token.hint}…</code> · {describeTokenUse(token.last_used_at)} · {expiryLabel(token)}
        </Typography>
      </Stack>
      {live ? (
        <Button
          color="error"
          variant="outlined"
          size="small"
          disabled={revoking}
          onClick={onRevoke}
        >
          Revoke
        </Button>
      ) : null}
    </Stack>
  );
}
