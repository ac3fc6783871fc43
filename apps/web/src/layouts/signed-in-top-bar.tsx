import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import SubtitlesOutlined from '@mui/icons-material/SubtitlesOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router';
import { useAccount } from '../api/account.queries.ts';
import { BrandButton } from '../components/brand-logo.tsx';
import { useFreshAccountOnNavigation } from './use-fresh-account.ts';
import { TRIAL_EXHAUSTED, remainingTrialEdits, trialNotice } from '../lib/plan.ts';
import { useLogout } from './use-logout.ts';

/** SPEC section 2.4: brand, trial notice, templates link, account and logout icons. */
export function SignedInTopBar() {
  const account = useAccount();
  useFreshAccountOnNavigation();
  const logout = useLogout();
  const notice = trialNotice(account.data);
  const exhausted = account.data ? remainingTrialEdits(account.data.download_count) === 0 : false;

  return (
    <AppBar position="sticky">
      <Toolbar sx={{ gap: { xs: 1, sm: 1.5 }, minHeight: { xs: 60, sm: 68 } }}>
        <BrandButton compact />
        <Box sx={{ flexGrow: 1 }} />
        {notice ? (
          <Tooltip title={exhausted ? TRIAL_EXHAUSTED : 'Upgrade for unlimited edits'}>
            <Chip
              component={RouterLink}
              to="/account/billing"
              clickable
              icon={<AutoAwesomeOutlined />}
              label={notice}
              color={exhausted ? 'secondary' : 'primary'}
              variant="outlined"
              data-testid="trial-notice"
              sx={{ '& .MuiChip-icon': { display: { xs: 'none', sm: 'inline-flex' } } }}
            />
          </Tooltip>
        ) : null}
        <Button
          component={RouterLink}
          to="/templates"
          color="inherit"
          startIcon={<SubtitlesOutlined />}
          sx={{ display: { xs: 'none', md: 'inline-flex' }, color: 'text.secondary' }}
        >
          Edit Subtitle Templates
        </Button>
        <Tooltip title="Edit Subtitle Templates">
          <IconButton
            component={RouterLink}
            to="/templates"
            aria-label="Edit Subtitle Templates"
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          >
            <SubtitlesOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title="Account">
          <IconButton component={RouterLink} to="/account" aria-label="Account">
            <AccountCircleOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title="Log out">
          <span>
            <IconButton
              aria-label="Log out"
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
            >
              <LogoutRounded />
            </IconButton>
          </span>
        </Tooltip>
      </Toolbar>
    </AppBar>
  );
}
