// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillingSummary } from '@roughcut/shared';
import { CurrentPlanCard } from './current-plan-card.tsx';
import { StandardPlanCard } from './standard-plan-card.tsx';

afterEach(cleanup);

const GB = 1024 ** 3;
const trial: BillingSummary = {
  subscription_type: 'trial',
  download_count: 3,
  edit_limit: 10,
  edits_remaining: 7,
  storage_used_bytes: 0.5 * GB,
  storage_limit_bytes: 2 * GB,
  max_upload_bytes: GB,
  payments_configured: true,
  provider: 'stripe',
  can_manage_subscription: false,
};

describe('the Standard plan card', () => {
  it('lists the tier and posts Buy plan as a plain form to the checkout', () => {
    render(<StandardPlanCard summary={trial} />);
    const card = screen.getByRole('article', { name: 'Standard plan' });
    for (const fact of [
      '$5',
      '1GB maximum video upload size',
      '10GB storage',
      'Edit unlimited videos',
      '24-hour support response time',
    ])
      expect(within(card).getByText(fact)).toBeTruthy();
    const buy = within(card).getByRole('button', { name: 'Buy plan' });
    expect(buy.getAttribute('type')).toBe('submit');
    const form = buy.closest('form');
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/api/stripe/create-checkout-session');
    expect(form?.querySelector('input[name="plan"]')?.getAttribute('value')).toBe('standard');
  });

  it('disables Buy plan with the reason beside it when payments are not configured', () => {
    render(<StandardPlanCard summary={{ ...trial, payments_configured: false }} />);
    const buy = screen.getByRole('button', { name: 'Buy plan' });
    expect(buy.closest('form')).toBeNull();
    expect(buy).toHaveProperty('disabled', true);
    const reason = screen.getByText('Card payments are not set up on this server');
    expect(buy.getAttribute('aria-describedby')).toBe(reason.id);
  });

  it('offers nothing to buy to a Standard user', () => {
    render(<StandardPlanCard summary={{ ...trial, subscription_type: 'standard' }} />);
    expect(screen.queryByRole('button', { name: 'Buy plan' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Your current plan' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});

describe('the current plan card', () => {
  it('shows the trial with edits and storage against their limits', () => {
    render(<CurrentPlanCard summary={trial} />);
    expect(screen.getByTestId('current-plan').textContent).toBe('Trial');
    expect(screen.getByText('7 of 10 edits remaining')).toBeTruthy();
    expect(screen.getByText('512 MB of 2 GB used')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: /Storage/ }).getAttribute('aria-valuenow')).toBe(
      '25',
    );
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).toBeNull();
  });

  it('shows any plan it does not know as invalid_subscription_type', () => {
    render(<CurrentPlanCard summary={{ ...trial, subscription_type: 'gold' }} />);
    expect(screen.getByTestId('current-plan').textContent).toBe('invalid_subscription_type');
  });

  it('lets a paying user manage the subscription with a form post', () => {
    render(
      <CurrentPlanCard
        summary={{
          ...trial,
          subscription_type: 'standard',
          edit_limit: null,
          edits_remaining: null,
          storage_limit_bytes: 10 * GB,
          can_manage_subscription: true,
        }}
      />,
    );
    expect(screen.getByText('Unlimited')).toBeTruthy();
    const manage = screen.getByRole('button', { name: 'Manage subscription' });
    expect(manage.closest('form')?.getAttribute('action')).toBe(
      '/api/stripe/create-portal-session',
    );
  });
});
