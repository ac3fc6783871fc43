import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode } from 'react';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';

type SidebarEntry = {
  group: string;
  label: string;
  to: string;
  icon: ReactNode;
  exact: boolean;
  /** Pages below another entry's path that belong to this one (the API reference: Account). */
  alsoFor?: readonly string[];
};

// SPEC section 2.4: Settings > Account and Administration > Billing.
const entries: SidebarEntry[] = [
  {
    group: 'Settings',
    label: 'Account',
    to: '/account',
    icon: <PersonOutlineRounded />,
    exact: true,
    alsoFor: ['/account/api'],
  },
  {
    group: 'Administration',
    label: 'Billing',
    to: '/account/billing',
    icon: <CreditCardOutlined />,
    exact: false,
  },
];

function AccountSidebar() {
  const { pathname } = useLocation();
  const groups = [...new Set(entries.map((entry) => entry.group))];
  return (
    <Card component="nav" aria-label="Account sections" sx={{ p: 1, alignSelf: 'start' }}>
      {groups.map((group) => (
        <List
          key={group}
          dense
          subheader={
            <ListSubheader
              disableSticky
              sx={{ bgcolor: 'transparent', fontWeight: 700, lineHeight: '36px' }}
            >
              {group}
            </ListSubheader>
          }
        >
          {entries
            .filter((entry) => entry.group === group)
            .map((entry) => {
              const selected =
                (entry.exact ? pathname === entry.to : pathname.startsWith(entry.to)) ||
                (entry.alsoFor ?? []).some((prefix) => pathname.startsWith(prefix));
              return (
                <ListItemButton
                  key={entry.to}
                  component={RouterLink}
                  to={entry.to}
                  selected={selected}
                  aria-current={selected ? 'page' : undefined}
                >
                  <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{entry.icon}</ListItemIcon>
                  <ListItemText primary={entry.label} />
                </ListItemButton>
              );
            })}
        </List>
      ))}
    </Card>
  );
}

/** Account and billing screens: the sidebar beside the page. */
export function AccountLayout() {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 3, md: 4 },
        gridTemplateColumns: { xs: '1fr', md: '240px 1fr' },
      }}
    >
      <AccountSidebar />
      <Box sx={{ minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
