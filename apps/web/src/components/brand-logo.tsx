import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** The Roughcut mark: a play triangle cut by a diagonal, in the brand gradient. */
export function BrandMark({ size = 30 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 32 32" sx={{ width: size, height: size, flexShrink: 0 }}>
      <defs>
        <linearGradient id="rc-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="0.6" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#f43f5e" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#rc-mark)" />
      <path d="M12 9.5v13l10.5-6.5z" fill="#fff" />
      <path
        d="M8 25 25 7"
        stroke="#fff"
        strokeOpacity="0.55"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </Box>
  );
}

/**
 * Product name with its mark; a button to `/` as the spec asks of every top bar.
 * `compact` drops the wordmark on phones to leave room for the bar's other controls.
 */
export function BrandButton({ compact = false }: { compact?: boolean }) {
  return (
    <ButtonBase
      component={RouterLink}
      to="/"
      aria-label="Roughcut home"
      sx={{ gap: 1.25, borderRadius: 2, px: 0.5, py: 0.5 }}
    >
      <BrandMark />
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: '1.2rem',
          letterSpacing: '-0.03em',
          color: 'text.primary',
          display: compact ? { xs: 'none', sm: 'inline' } : 'inline',
        }}
      >
        Roughcut
      </Typography>
    </ButtonBase>
  );
}
