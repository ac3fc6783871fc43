import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { accessLabelOf } from './api-reference.rules.ts';
import type { ApiOperation, ApiPayload, HttpMethod, WebhookEvent } from './api-reference.rules.ts';
import { FieldList, MONO_FONT, SchemaTree } from './schema-tree.tsx';

const METHOD_COLORS: Record<HttpMethod, ChipProps['color']> = {
  get: 'info',
  post: 'success',
  put: 'warning',
  patch: 'primary',
  delete: 'error',
  head: 'default',
  options: 'default',
  trace: 'default',
};

const IDEMPOTENCY_NOTE =
  'Accepted: send a key of your choosing (a UUID), and a retry with the same key is answered as the first call was, without doing it twice.';

/** An id for the page's HTML from an operation's key ("PUT /api/x/{id}" → "put-api-x-id"). */
const domIdOf = (key: string): string =>
  key
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A path with a line-break chance before each slash, so a long path wraps between its segments
 * on a phone rather than inside a word (`overflow-wrap: anywhere` stays as the last resort).
 */
function BreakableText({ text }: { text: string }) {
  return text.split('/').map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? (
        <>
          <wbr />/
        </>
      ) : null}
      {part}
    </Fragment>
  ));
}

export function MethodChip({ label, color }: { label: string; color: ChipProps['color'] }) {
  return (
    <Chip
      size="small"
      label={label}
      color={color}
      sx={{
        width: { xs: 60, sm: 64 },
        borderRadius: 1.5,
        fontFamily: MONO_FONT,
        fontWeight: 700,
        fontSize: 12,
      }}
    />
  );
}

/** One collapsible row: a chip, a monospace path or name, a summary; the details below. */
function ReferenceRow(props: {
  domId: string;
  /** The row's name for assistive technology: "PUT /api/manage/autojob Autojob create". */
  label: string;
  chip: ReactNode;
  title: string;
  summary?: string;
  children: ReactNode;
}) {
  return (
    <Accordion
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ '&::before': { display: 'none' }, '& + &': { borderTop: 0 } }}
    >
      <AccordionSummary
        id={`${props.domId}-summary`}
        aria-controls={`${props.domId}-details`}
        aria-label={props.label}
        expandIcon={<ExpandMoreRounded />}
        sx={{ px: { xs: 1.5, sm: 2 }, '& .MuiAccordionSummary-content': { minWidth: 0, my: 1 } }}
      >
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto minmax(0, 1fr)',
            columnGap: 1.5,
            alignItems: 'center',
            width: '100%',
          }}
        >
          {props.chip}
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'baseline',
              columnGap: 2,
              rowGap: 0.25,
              minWidth: 0,
            }}
          >
            <Typography
              component="code"
              sx={{
                fontFamily: MONO_FONT,
                fontSize: { xs: 13, sm: 14 },
                fontWeight: 600,
                overflowWrap: 'anywhere',
              }}
            >
              <BreakableText text={props.title} />
            </Typography>
            {props.summary ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {props.summary}
              </Typography>
            ) : null}
          </Box>
        </Box>
      </AccordionSummary>
      <AccordionDetails
        sx={{ px: { xs: 1.5, sm: 2 }, pt: 0, pb: 2, borderTop: 1, borderColor: 'divider' }}
      >
        <Stack spacing={2} sx={{ pt: 2 }}>
          {props.children}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.75, fontWeight: 700 }}>
        {title}
      </Typography>
      <Box
        sx={{
          minWidth: 0,
          px: { xs: 1.25, sm: 2 },
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.default',
          border: 1,
          borderColor: 'divider',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '140px minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.75 },
        '& dt': { fontWeight: 600, fontSize: 14 },
        '& dd': { m: 0, mb: { xs: 1, sm: 0 }, fontSize: 14, color: 'text.secondary' },
      }}
    >
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

const payloadTitle = (title: string, payload: ApiPayload, extra?: string): string =>
  [title, payload.mediaType, extra].filter(Boolean).join(' · ');

/** Issue 36: an operation of the API reference, its details shown when opened. */
export function ApiOperationRow({ operation }: { operation: ApiOperation }) {
  const { requestBody, response } = operation;
  const facts: [string, ReactNode][] = [
    ['Access', accessLabelOf(operation.access)],
    ['Idempotency-Key', operation.idempotent ? IDEMPOTENCY_NOTE : 'Not taken.'],
  ];
  if (operation.operationId) {
    facts.push([
      'Operation ID',
      <Box component="code" key="id" sx={{ fontFamily: MONO_FONT }}>
        {operation.operationId}
      </Box>,
    ]);
  }
  return (
    <ReferenceRow
      domId={domIdOf(operation.key)}
      label={`${operation.key} ${operation.summary}`}
      chip={
        <MethodChip
          label={operation.method.toUpperCase()}
          color={METHOD_COLORS[operation.method]}
        />
      }
      title={operation.path}
      summary={operation.summary}
    >
      {operation.description ? (
        <Typography variant="body2" sx={{ maxWidth: '75ch' }}>
          {operation.description}
        </Typography>
      ) : null}
      <Facts facts={facts} />
      {operation.parameters.length > 0 ? (
        <Section title="Parameters">
          <FieldList nodes={operation.parameters} />
        </Section>
      ) : null}
      {requestBody ? (
        <Section
          title={payloadTitle('Request body', requestBody, requestBody.required ? 'required' : '')}
        >
          <SchemaTree tree={requestBody.tree} />
        </Section>
      ) : null}
      {response ? (
        <Section
          title={
            response.payload
              ? payloadTitle(`Response ${response.status}`, response.payload)
              : `Response ${response.status}`
          }
        >
          {response.description ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              {response.description}
            </Typography>
          ) : null}
          {response.payload ? <SchemaTree tree={response.payload.tree} /> : null}
        </Section>
      ) : null}
    </ReferenceRow>
  );
}

/** Issue 36: a webhook event of the API reference, its payload shown when opened. */
export function ApiWebhookRow({
  event,
  showDescription,
}: {
  event: WebhookEvent;
  showDescription: boolean;
}) {
  return (
    <ReferenceRow
      domId={domIdOf(`event ${event.name}`)}
      label={`Event ${event.name} ${event.summary ?? ''}`.trim()}
      chip={<MethodChip label="EVENT" color="secondary" />}
      title={event.name}
      {...(event.summary ? { summary: event.summary } : {})}
    >
      {showDescription && event.description ? (
        <Typography variant="body2" sx={{ maxWidth: '75ch' }}>
          {event.description}
        </Typography>
      ) : null}
      {event.payload ? (
        <Section title={payloadTitle('Payload', event.payload)}>
          <SchemaTree tree={event.payload.tree} />
        </Section>
      ) : (
        <Typography variant="body2" color="text.secondary">
          The document gives no payload for this event.
        </Typography>
      )}
    </ReferenceRow>
  );
}
