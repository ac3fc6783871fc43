// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { OPENAPI_LOAD_ERROR, openApiApi } from '../../api/openapi.api.ts';
import { ApiReferencePage } from './api-reference.page.tsx';

const sampleDocument = {
  openapi: '3.1.0',
  info: { title: 'Roughcut API', version: '1.0.0' },
  tags: [{ name: 'Video edits' }, { name: 'Access tokens' }],
  paths: {
    '/api/manage/autojob': {
      put: {
        operationId: 'autojobCreate',
        summary: 'Autojob create',
        tags: ['Video edits'],
        'x-token-scope': 'edit',
        parameters: [{ in: 'header', name: 'idempotency-key', schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  name: { type: 'string', minLength: 1, maxLength: 200 },
                  steps: { type: 'array', items: { $ref: '#/components/schemas/Step' } },
                },
                required: ['name', 'steps'],
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Success.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
    '/api/manage/autojob/{id}': {
      get: {
        summary: 'Autojob',
        tags: ['Video edits'],
        'x-token-scope': 'read',
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'The edit.' } },
      },
    },
    '/api/manage/tokens': {
      get: {
        summary: 'Access tokens',
        tags: ['Access tokens'],
        'x-token-scope': 'none',
        responses: { '200': { description: 'Your tokens.' } },
      },
    },
  },
  webhooks: {
    'edit.rendered': {
      post: {
        summary: 'The edit.rendered event',
        description: 'Signed after the Standard Webhooks specification.',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { type: { const: 'edit.rendered' }, timestamp: { type: 'string' } },
                required: ['type', 'timestamp'],
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: { Step: { type: 'string', enum: ['optimised-long-form', 'short-form-clips'] } },
  },
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ApiReferencePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const summaryButton = (name: RegExp) => screen.getByRole('button', { name });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the API reference page', () => {
  it('explains authentication and links the raw document', async () => {
    vi.spyOn(openApiApi, 'document').mockResolvedValue(sampleDocument);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'API reference' })).toBeTruthy();
    const auth = screen.getByRole('region', { name: 'Authentication' });
    expect(auth.textContent).toContain('Authorization: Bearer rc_… header');
    expect(auth.textContent).toMatch(/read\+edit/);
    expect(auth.textContent).toMatch(/Session-only operations .* not reachable with a token/);
    expect(auth.textContent).toContain('Idempotency-Key');
    const download = screen.getByRole('link', { name: 'Download openapi.json' });
    expect(download.getAttribute('href')).toBe('/api/openapi.json');
    expect(download.hasAttribute('download')).toBe(true);
    await screen.findByText('3 operations');
  });

  it('lists the operations by tag, and opens one to show its body, scope and key', async () => {
    vi.spyOn(openApiApi, 'document').mockResolvedValue(sampleDocument);
    renderPage();
    const edits = await screen.findByRole('region', { name: 'Video edits' });
    expect(within(edits).getByText('/api/manage/autojob')).toBeTruthy();
    expect(within(edits).getByText('PUT')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Access tokens' })).toBeTruthy();

    const row = summaryButton(/PUT.*\/api\/manage\/autojob.*Autojob create/);
    expect(row.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(row);
    const details = await screen.findByRole('region', { name: /Autojob create/ });
    expect(within(details).getByText('Token scope read+edit')).toBeTruthy();
    expect(within(details).getByText(/^Accepted: send a key/)).toBeTruthy();
    expect(within(details).getByText('Request body · application/json · required')).toBeTruthy();
    expect(within(details).getByText('name')).toBeTruthy();
    expect(within(details).getByText('1–200 characters')).toBeTruthy();
    expect(within(details).getByText('array of string')).toBeTruthy();
    expect(within(details).getByText('"short-form-clips"')).toBeTruthy();
    expect(within(details).getAllByText('required')).toHaveLength(2);
    expect(within(details).getByText('Response 200 · application/json')).toBeTruthy();
  });

  it('shows path parameters and that a session-only call takes no token', async () => {
    vi.spyOn(openApiApi, 'document').mockResolvedValue(sampleDocument);
    renderPage();
    fireEvent.click(
      await screen.findByRole('button', { name: /GET.*\/api\/manage\/autojob\/\{id\}/ }),
    );
    const details = await screen.findByRole('region', { name: /Autojob$/ });
    expect(within(details).getByText('in path')).toBeTruthy();
    expect(within(details).getByText('Not taken.')).toBeTruthy();
    fireEvent.click(summaryButton(/\/api\/manage\/tokens/));
    const tokens = await screen.findByRole('region', { name: /\/api\/manage\/tokens/ });
    expect(within(tokens).getByText(/Session only/)).toBeTruthy();
  });

  it('filters by path or summary, and says when nothing matches', async () => {
    vi.spyOn(openApiApi, 'document').mockResolvedValue(sampleDocument);
    renderPage();
    const search = await screen.findByRole('searchbox', { name: 'Filter by path or summary' });
    fireEvent.change(search, { target: { value: 'tokens' } });
    await screen.findByText('1 of 3 operations');
    expect(screen.queryByRole('region', { name: 'Video edits' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Webhook events' })).toBeNull();
    fireEvent.change(search, { target: { value: 'no such thing' } });
    await screen.findByText('Nothing matches “no such thing”.');
  });

  it('shows the webhook events with their payloads at the end', async () => {
    vi.spyOn(openApiApi, 'document').mockResolvedValue(sampleDocument);
    renderPage();
    const events = await screen.findByRole('region', { name: 'Webhook events' });
    expect(events.textContent).toContain('Signed after the Standard Webhooks specification.');
    fireEvent.click(within(events).getByRole('button', { name: /edit\.rendered/ }));
    const payload = await screen.findByRole('region', { name: /The edit.rendered event/ });
    expect(within(payload).getByText('timestamp')).toBeTruthy();
    expect(within(payload).getByText('"edit.rendered"')).toBeTruthy();
  });

  it('says so when the document cannot be loaded', async () => {
    vi.spyOn(openApiApi, 'document').mockRejectedValue(new ApiError(500, 'Broken'));
    renderPage();
    await waitFor(() => expect(screen.getByText(OPENAPI_LOAD_ERROR)).toBeTruthy());
  });
});
