// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_MESSAGES, APP_ROUTES } from '@roughcut/shared';
import type { AccessToken } from '@roughcut/shared';
import { tokensApi } from '../../api/tokens.api.ts';
import { ApiTokensCard } from './api-tokens-card.tsx';

const live: AccessToken = {
  id: 'tok-1',
  name: 'Nightly batch',
  scope: 'read',
  hint: 'rc_AbCd',
  status: 'active',
  created_at: 1_780_000_000,
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
};
const SECRET = `rc_${'x'.repeat(43)}`;

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {/* NOTE: the card links to the API reference page with a router link. */}
      <MemoryRouter>
        <ApiTokensCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const alert = vi.fn();
beforeEach(() => {
  alert.mockReset();
  vi.stubGlobal('alert', alert);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the API access card', () => {
  it('lists tokens with their scope and use, and revokes one', async () => {
    const list = vi.spyOn(tokensApi, 'list').mockResolvedValue({ tokens: [live] });
    const revoke = vi.spyOn(tokensApi, 'revoke').mockResolvedValue({ ok: true });
    renderCard();
    const row = await screen.findByRole('listitem', { name: 'Token Nightly batch' });
    expect(within(row).getByText('Read only')).toBeTruthy();
    expect(within(row).getByText(/Never used/)).toBeTruthy();
    expect(within(row).getByText(/Never expires/)).toBeTruthy();
    list.mockResolvedValue({ tokens: [{ ...live, status: 'revoked', revoked_at: 1_780_000_100 }] });
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('tok-1', expect.anything()));
    await screen.findByText('Revoked');
  });

  it('makes a token with the chosen name, scope and expiry, and shows it once', async () => {
    vi.spyOn(tokensApi, 'list').mockResolvedValue({ tokens: [] });
    const create = vi
      .spyOn(tokensApi, 'create')
      .mockResolvedValue({ token: SECRET, access_token: { ...live, name: 'CI' } });
    renderCard();
    fireEvent.change(screen.getByLabelText('Token name'), { target: { value: ' CI ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        { name: 'CI', scope: 'read+edit', expires_in_days: 90 },
        expect.anything(),
      ),
    );
    expect((await screen.findByTestId('new-access-token')).textContent).toBe(SECRET);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-access-token')).toBeNull();
  });

  it('links to the API reference page, and to the raw document beside it', () => {
    vi.spyOn(tokensApi, 'list').mockResolvedValue({ tokens: [] });
    renderCard();
    const reference = screen.getByRole('link', { name: 'API reference' });
    expect(reference.getAttribute('href')).toBe(APP_ROUTES.apiReference);
    expect(screen.getByRole('link', { name: 'openapi.json' }).getAttribute('href')).toBe(
      '/api/openapi.json',
    );
  });

  it('asks for a name before making a token', () => {
    vi.spyOn(tokensApi, 'list').mockResolvedValue({ tokens: [] });
    const create = vi.spyOn(tokensApi, 'create');
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(create).not.toHaveBeenCalled();
    expect(alert).toHaveBeenCalledWith(ACCESS_TOKEN_MESSAGES.nameRequired);
  });
});
