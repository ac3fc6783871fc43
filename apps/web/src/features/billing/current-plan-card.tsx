import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { apiPaths, formatBytes } from '@roughcut/shared';
import type { BillingSummary } from '@roughcut/shared';
import { describeSubscription } from '../../lib/plan.ts';
import { PostForm } from './post-form.tsx';
import { UsageMeter } from './usage-meter.tsx';

const EDIT_COUNTING =
  'An edit counts once, the first time its finished video is played or downloaded.';

/** SPEC 2.5 "shows the current plan", with its usage against the plan's limits. */
export function CurrentPlanCard({ summary }: { summary: BillingSummary }) {
  const plan = describeSubscription(summary.subscription_type);
  const known = plan !== 'invalid_subscription_type';
  const edits =
    summary.edit_limit === null || summary.edits_remaining === null
      ? { summary: 'Unlimited' }
      : {
          summary: `${summary.edits_remaining} of ${summary.edit_limit} edits remaining`,
          used: summary.edit_limit - summary.edits_remaining,
          limit: summary.edit_limit,
        };
  return (
    <Card component="section" aria-labelledby="current-plan-title">
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="current-plan-title" variant="overline" color="text.secondary">
          Current plan
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 0.5 }}>
          <Typography variant="h4" component="p" data-testid="current-plan">
            {plan}
          </Typography>
          {summary.subscription_type === 'standard' ? (
            <Chip label="Active" color="success" size="small" variant="outlined" />
          ) : null}
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {summary.subscription_type === 'standard'
            ? 'Unlimited edits and 10GB of storage, billed monthly.'
            : known
              ? 'Free: try every feature on up to 10 video edits.'
              : 'This plan is not one Roughcut knows. Please contact support.'}
        </Typography>
        <Divider sx={{ my: 3 }} />
        <Stack spacing={2.5}>
          <UsageMeter
            label="Video edits"
            {...edits}
            {...(summary.edit_limit === null ? {} : { hint: EDIT_COUNTING })}
          />
          <UsageMeter
            label="Storage"
            summary={`${formatBytes(summary.storage_used_bytes)} of ${formatBytes(summary.storage_limit_bytes)} used`}
            used={summary.storage_used_bytes}
            limit={summary.storage_limit_bytes}
            hint="Uploaded and finished videos count. Delete edits you no longer need to free space."
          />
          <UsageMeter
            label="Largest upload"
            summary={`${formatBytes(summary.max_upload_bytes)} per video`}
          />
        </Stack>
        {summary.can_manage_subscription ? (
          <>
            <Divider sx={{ my: 3 }} />
            <PostForm
              action={apiPaths.portalSession(summary.provider)}
              label="Manage subscription"
              variant="outlined"
              icon={<ManageAccountsOutlined />}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Change your card, see invoices or cancel with our payment provider, Stripe.
            </Typography>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
