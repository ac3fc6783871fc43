import { alpha, createTheme } from '@mui/material/styles';

// NOTE: breakpoints (xs 0, sm 600, md 900, lg 1200, xl 1536) and the 8px spacing unit required by
// the spec are MUI's defaults, so they are deliberately not overridden here.

const ink = '#0f172a';
const indigo = '#4f46e5';
const coral = '#f43f5e';

export const brandGradient = `linear-gradient(135deg, ${indigo} 0%, #7c3aed 55%, ${coral} 100%)`;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: indigo, dark: '#3730a3', light: '#818cf8', contrastText: '#ffffff' },
    secondary: { main: coral, contrastText: '#ffffff' },
    background: { default: '#f6f7fb', paper: '#ffffff' },
    text: { primary: ink, secondary: '#475569' },
    divider: 'rgba(15, 23, 42, 0.08)',
    success: { main: '#059669' },
    warning: { main: '#d97706' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily:
      '"Inter Variable", "Inter", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    h1: { fontWeight: 800, letterSpacing: '-0.035em', lineHeight: 1.05 },
    h2: { fontWeight: 800, letterSpacing: '-0.03em', lineHeight: 1.1 },
    h3: { fontWeight: 750, letterSpacing: '-0.025em' },
    h4: { fontWeight: 700, letterSpacing: '-0.02em' },
    h5: { fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontWeight: 650 },
    subtitle1: { color: '#475569' },
    button: { fontWeight: 600, textTransform: 'none', letterSpacing: 0 },
    overline: { fontWeight: 700, letterSpacing: '0.12em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        '::selection': { background: alpha(indigo, 0.18) },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 10, paddingInline: 18 },
        sizeLarge: { paddingBlock: 11, paddingInline: 24, fontSize: '1rem' },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: {
          backgroundColor: alpha('#ffffff', 0.86),
          backdropFilter: 'saturate(180%) blur(12px)',
          borderBottom: '1px solid rgba(15, 23, 42, 0.08)',
        },
      },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          border: '1px solid rgba(15, 23, 42, 0.08)',
          boxShadow: '0 1px 2px rgba(15, 23, 42, 0.04), 0 8px 24px rgba(15, 23, 42, 0.04)',
          borderRadius: 16,
        },
      },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: { backgroundColor: '#ffffff', borderRadius: 10 },
      },
    },
    MuiListItemButton: {
      styleOverrides: {
        root: {
          borderRadius: 8,
          '&.Mui-selected': { backgroundColor: alpha(indigo, 0.1), color: indigo },
          '&.Mui-selected:hover': { backgroundColor: alpha(indigo, 0.14) },
        },
      },
    },
    // NOTE: subtitles are paragraphs, not headings (MUI maps them to h6 by default).
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
