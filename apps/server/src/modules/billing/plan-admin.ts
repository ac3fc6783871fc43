import { SUBSCRIPTION_TYPES } from '@roughcut/shared';
import type { SubscriptionType } from '@roughcut/shared';
import { findPlanAccount, updatePlan } from './plan.repository.ts';
import { findUserByLogin } from '../auth/index.ts';
import type { Db } from '../../db/client.ts';

// `./roughcut admin plan <user> standard|trial`: how a self-hosting operator without Stripe keys
// (or with a customer paid some other way) sets a plan.

export const ADMIN_USAGE = `Usage: ./roughcut admin plan <e-mail or username> ${SUBSCRIPTION_TYPES.join('|')}`;

/** A mistake the operator can fix from the message alone. */
export class AdminCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminCommandError';
  }
}

export type AdminCommand = { kind: 'plan'; login: string; plan: SubscriptionType };

export function parseAdminArgs(args: readonly string[]): AdminCommand {
  const [command, login, plan, ...rest] = args;
  if (command !== 'plan' || !login || !plan || rest.length > 0)
    throw new AdminCommandError(ADMIN_USAGE);
  const known = SUBSCRIPTION_TYPES.find((type) => type === plan.toLowerCase());
  if (!known)
    throw new AdminCommandError(
      `Unknown plan "${plan}": expected ${SUBSCRIPTION_TYPES.join(' or ')}.\n${ADMIN_USAGE}`,
    );
  return { kind: 'plan', login, plan: known };
}

export type PlanChange = {
  email: string;
  username: string;
  previous: string;
  plan: SubscriptionType;
  /** A provider subscription that keeps billing whatever the plan here says. */
  stripeSubscriptionId: string | null;
};

export async function setPlanByLogin(
  db: Db,
  login: string,
  plan: SubscriptionType,
): Promise<PlanChange> {
  const user = await findUserByLogin(db, login);
  if (!user) throw new AdminCommandError(`No user has the e-mail or username "${login}".`);
  const account = await findPlanAccount(db, user.id);
  if (!account) throw new AdminCommandError(`The user "${login}" has no account row.`);
  await updatePlan(db, user.id, { subscriptionType: plan });
  return {
    email: user.email,
    username: user.username,
    previous: account.subscriptionType,
    plan,
    stripeSubscriptionId: account.stripeSubscriptionId,
  };
}

export function describePlanChange(change: PlanChange): string {
  const who = `${change.username} <${change.email}>`;
  const lines = [
    change.previous === change.plan
      ? `${who} was already on the ${change.plan} plan.`
      : `${who} is now on the ${change.plan} plan (was ${change.previous}).`,
  ];
  if (change.plan === 'trial' && change.stripeSubscriptionId)
    lines.push(
      `Note: Stripe subscription ${change.stripeSubscriptionId} still bills this user; cancel it in the Stripe dashboard.`,
    );
  return lines.join('\n');
}
