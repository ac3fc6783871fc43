import DownloadRounded from '@mui/icons-material/DownloadRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ACCESS_TOKEN_PREFIX, APP_ROUTES, ENDPOINTS } from '@roughcut/shared';
import { OPENAPI_LOAD_ERROR, openApiDocumentQuery } from '../../api/openapi.api.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiOperationRow, ApiWebhookRow } from './api-operation-row.tsx';
import {
  apiReferenceOf,
  filterGroups,
  filterWebhooks,
  sharedDescriptionOf,
} from './api-reference.rules.ts';
import type { ApiReference } from './api-reference.rules.ts';
import { MONO_FONT } from './schema-tree.tsx';

/** Issue 36: /account/api/reference, the API drawn from its own OpenAPI 3.1 document. */
export function ApiReferencePage() {
  const document = useQuery(openApiDocumentQuery);
  const reference = useMemo(
    () => (document.data ? apiReferenceOf(document.data) : undefined),
    [document.data],
  );
  return (
    <>
      <PageHeader
        title="API reference"
        subtitle={
          reference?.version
            ? `${reference.title} ${reference.version}: every operation, from its OpenAPI 3.1 document.`
            : 'Every operation, from the OpenAPI 3.1 document.'
        }
        actions={
          <Button
            variant="outlined"
            href={ENDPOINTS.openapi.path}
            download="openapi.json"
            startIcon={<DownloadRounded />}
          >
            Download openapi.json
          </Button>
        }
      />
      <Stack spacing={3}>
        <AuthenticationNote />
        {reference ? (
          <OperationBrowser reference={reference} />
        ) : document.isError ? (
          <Card>
            <CardContent sx={{ p: 4 }}>
              <Typography color="text.secondary">{OPENAPI_LOAD_ERROR}</Typography>
            </CardContent>
          </Card>
        ) : (
          <Stack spacing={1} aria-label="Loading the API reference">
            <Skeleton variant="rounded" height={56} />
            {[1, 2, 3, 4, 5, 6].map((row) => (
              <Skeleton key={row} variant="rounded" height={48} />
            ))}
          </Stack>
        )}
      </Stack>
    </>
  );
}

function AuthenticationNote() {
  const code = { fontFamily: MONO_FONT, fontSize: '0.9em', overflowWrap: 'anywhere' } as const;
  return (
    <Card component="section" aria-labelledby="api-authentication-title">
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="api-authentication-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          Authentication
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: '80ch' }}>
          Scripts send a personal access token, made under{' '}
          <Link component={RouterLink} to={APP_ROUTES.account}>
            API access
          </Link>
          , in each request&apos;s{' '}
          <Box component="code" sx={{ ...code, whiteSpace: 'nowrap' }}>
            {`Authorization: Bearer ${ACCESS_TOKEN_PREFIX}…`}
          </Box>{' '}
          header. A <strong>read</strong> token can call the operations that only read; a{' '}
          <strong>read+edit</strong> token can call those that change things too. Session-only
          operations (your account, billing and tokens) are not reachable with a token at all. The
          calls marked as taking an{' '}
          <Box component="code" sx={code}>
            Idempotency-Key
          </Box>{' '}
          header do their work once however often a script retries them with the same key.
        </Typography>
      </CardContent>
    </Card>
  );
}

function OperationBrowser({ reference }: { reference: ApiReference }) {
  const [query, setQuery] = useState('');
  // NOTE: deferred, so typing stays quick while some seventy rows re-filter behind it.
  const deferredQuery = useDeferredValue(query);
  const groups = useMemo(
    () => filterGroups(reference.groups, deferredQuery),
    [reference, deferredQuery],
  );
  const webhooks = useMemo(
    () => filterWebhooks(reference.webhooks, deferredQuery),
    [reference, deferredQuery],
  );
  const total = reference.groups.reduce((sum, group) => sum + group.operations.length, 0);
  const shown = groups.reduce((sum, group) => sum + group.operations.length, 0);
  const sharedDescription = sharedDescriptionOf(reference.webhooks);

  return (
    <Stack spacing={3}>
      <Box>
        <TextField
          type="search"
          label="Filter by path or summary"
          placeholder="For example: autojob"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography
          variant="body2"
          color="text.secondary"
          role="status"
          sx={{ mt: 1 }}
          data-testid="operation-count"
        >
          {shown === total ? `${total} operations` : `${shown} of ${total} operations`}
        </Typography>
      </Box>
      {groups.map((group) => (
        <Box component="section" key={group.name} aria-label={group.name}>
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {group.name}
          </Typography>
          <Box>
            {group.operations.map((operation) => (
              <ApiOperationRow key={operation.key} operation={operation} />
            ))}
          </Box>
        </Box>
      ))}
      {groups.length === 0 && webhooks.length === 0 ? (
        <Typography color="text.secondary">Nothing matches “{deferredQuery.trim()}”.</Typography>
      ) : null}
      {webhooks.length > 0 ? (
        <Box component="section" aria-label="Webhook events">
          <Typography variant="h6" component="h2">
            Webhook events
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 1.5, maxWidth: '80ch' }}>
            What Roughcut posts to the webhooks you add on the account page.
            {sharedDescription ? ` ${sharedDescription}` : ''}
          </Typography>
          <Box>
            {webhooks.map((event) => (
              <ApiWebhookRow key={event.name} event={event} showDescription={!sharedDescription} />
            ))}
          </Box>
        </Box>
      ) : null}
    </Stack>
  );
}
