// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES } from '@roughcut/shared';
import type { Webhook, WebhookDelivery } from '@roughcut/shared';
import { ApiError } from '../../api/api-error.ts';
import { webhooksApi } from '../../api/webhooks.api.ts';
import { WebhooksCard } from './webhooks-card.tsx';

const URL = 'https://hooks.example.com/roughcut';
const active: Webhook = {
  id: 'wh-1',
  url: URL,
  events: ['edit.clips_ready', 'edit.rendered', 'edit.failed'],
  enabled: true,
  disabled_reason: null,
  created_at: 1_780_000_000,
  failing_since: null,
};
const disabled: Webhook = {
  ...active,
  id: 'wh-2',
  url: 'https://down.example.com/h',
  events: ['edit.failed'],
  enabled: false,
  disabled_reason: 'Disabled after failing for 24 hours. Fix the receiver, then turn it on again.',
  failing_since: 1_779_900_000,
};
const delivery: WebhookDelivery = {
  id: 'msg_2Abc',
  event: 'edit.rendered',
  status: 'delivered',
  created_at: 1_780_000_100,
  next_attempt_at: null,
  attempts: [
    {
      at: 1_780_000_101,
      outcome: 'failed',
      response_code: 500,
      error: 'The receiver answered 500.',
      duration_ms: 85,
    },
    { at: 1_780_000_131, outcome: 'succeeded', response_code: 204, error: null, duration_ms: 40 },
  ],
};
const SECRET = `whsec_${'A'.repeat(32)}`;

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WebhooksCard />
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

describe('the webhooks card', () => {
  it('says what webhooks are for, adds one with every event, and shows its secret once', async () => {
    const list = vi.spyOn(webhooksApi, 'list').mockResolvedValue({ webhooks: [] });
    const create = vi
      .spyOn(webhooksApi, 'create')
      .mockResolvedValue({ webhook: active, secret: SECRET });
    renderCard();
    expect((await screen.findByTestId('webhooks-empty')).textContent).toMatch(/your own server/);
    const boxes = screen.getAllByRole<HTMLInputElement>('checkbox');
    expect(boxes.map((box) => box.checked)).toEqual([true, true, true]);
    list.mockResolvedValue({ webhooks: [active] });
    fireEvent.change(screen.getByLabelText('Receiver URL'), { target: { value: ` ${URL} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        { url: URL, events: ['edit.clips_ready', 'edit.rendered', 'edit.failed'] },
        expect.anything(),
      ),
    );
    expect((await screen.findByTestId('new-webhook-secret')).textContent).toBe(SECRET);
    expect(screen.getByRole('status').textContent).toMatch(/webhook-signature/);
    await screen.findByRole('listitem', { name: `Webhook ${URL}` });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('new-webhook-secret')).toBeNull();
  });

  it('sends only the ticked events, and asks for one when none is', async () => {
    vi.spyOn(webhooksApi, 'list').mockResolvedValue({ webhooks: [] });
    const create = vi
      .spyOn(webhooksApi, 'create')
      .mockResolvedValue({ webhook: active, secret: SECRET });
    renderCard();
    fireEvent.change(screen.getByLabelText('Receiver URL'), { target: { value: URL } });
    for (const box of screen.getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(create).not.toHaveBeenCalled();
    expect(screen.getByText(WEBHOOK_MESSAGES.events)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /edit\.failed/ }));
    expect(screen.queryByText(WEBHOOK_MESSAGES.events)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({ url: URL, events: ['edit.failed'] }, expect.anything()),
    );
  });

  it("shows the server's refusal of the address under the field, others as an alert", async () => {
    vi.spyOn(webhooksApi, 'list').mockResolvedValue({ webhooks: [] });
    const create = vi
      .spyOn(webhooksApi, 'create')
      .mockRejectedValueOnce(new ApiError(400, WEBHOOK_MESSAGES.privateAddress))
      .mockRejectedValueOnce(new ApiError(409, WEBHOOK_MESSAGES.tooMany));
    renderCard();
    const field = screen.getByLabelText('Receiver URL');
    fireEvent.change(field, { target: { value: 'https://10.0.0.1/h' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const message = await screen.findByText(WEBHOOK_MESSAGES.privateAddress);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
    fireEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(WEBHOOK_MESSAGES.tooMany));
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('shows a disabled webhook with its reason, turns it on again, and deletes after a confirm', async () => {
    const list = vi.spyOn(webhooksApi, 'list').mockResolvedValue({ webhooks: [active, disabled] });
    const enable = vi
      .spyOn(webhooksApi, 'enable')
      .mockResolvedValue({ ...disabled, enabled: true });
    const remove = vi.spyOn(webhooksApi, 'remove').mockResolvedValue({ ok: true });
    renderCard();
    const row = await screen.findByRole('listitem', { name: `Webhook ${disabled.url}` });
    expect(within(row).getByText('Disabled')).toBeTruthy();
    expect(within(row).getByTestId('webhook-state-detail').textContent).toMatch(
      /^Disabled after failing for 24 hours\. .* Failing since /,
    );
    const healthy = screen.getByRole('listitem', { name: `Webhook ${URL}` });
    expect(within(healthy).getByText('Active')).toBeTruthy();
    expect(within(healthy).queryByRole('button', { name: 'Turn on again' })).toBeNull();

    list.mockResolvedValue({
      webhooks: [
        active,
        { ...disabled, enabled: true, disabled_reason: null, failing_since: null },
      ],
    });
    fireEvent.click(within(row).getByRole('button', { name: 'Turn on again' }));
    await waitFor(() => expect(enable).toHaveBeenCalledWith('wh-2', expect.anything()));
    await within(row).findByText('Active');

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    list.mockResolvedValue({ webhooks: [active] });
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this webhook?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('wh-2', expect.anything()));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: `Webhook ${disabled.url}` })).toBeNull(),
    );
  });

  it('opens the deliveries with every attempt, and sends one again', async () => {
    vi.spyOn(webhooksApi, 'list').mockResolvedValue({ webhooks: [active] });
    const deliveries = vi
      .spyOn(webhooksApi, 'deliveries')
      .mockResolvedValue({ deliveries: [delivery] });
    const resend = vi
      .spyOn(webhooksApi, 'resend')
      .mockResolvedValue({ ...delivery, status: 'pending', next_attempt_at: 1_780_000_200 });
    renderCard();
    const row = await screen.findByRole('listitem', { name: `Webhook ${URL}` });
    const toggle = within(row).getByRole('button', { name: 'Deliveries' });
    expect(deliveries).not.toHaveBeenCalled();
    fireEvent.click(toggle);
    const item = await screen.findByRole('listitem', { name: `Delivery edit.rendered msg_2Abc` });
    expect(deliveries).toHaveBeenCalledWith('wh-1');
    expect(within(item).getByText('Delivered')).toBeTruthy();
    expect(within(item).getByText(/^Created /)).toBeTruthy();
    const attempts = within(within(item).getByRole('list', { name: 'Attempts' })).getAllByRole(
      'listitem',
    );
    expect(attempts.map((line) => line.textContent)).toEqual([
      expect.stringMatching(/Succeeded.*HTTP 204.*40 ms$/),
      expect.stringMatching(/Failed.*HTTP 500.*85 ms.*The receiver answered 500\.$/),
    ]);

    deliveries.mockResolvedValue({
      deliveries: [{ ...delivery, status: 'pending', next_attempt_at: 1_780_000_200 }],
    });
    fireEvent.click(within(item).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(resend).toHaveBeenCalledWith('wh-1', 'msg_2Abc'));
    await within(item).findByText('Retrying');
    expect(within(item).getByText(/Next attempt/)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Hide deliveries' }));
  });

  it('says when a webhook has had no delivery yet', async () => {
    vi.spyOn(webhooksApi, 'list').mockResolvedValue({ webhooks: [active] });
    vi.spyOn(webhooksApi, 'deliveries').mockResolvedValue({ deliveries: [] });
    renderCard();
    const row = await screen.findByRole('listitem', { name: `Webhook ${URL}` });
    fireEvent.click(within(row).getByRole('button', { name: 'Deliveries' }));
    await within(row).findByText(/^No deliveries yet/);
  });
});
