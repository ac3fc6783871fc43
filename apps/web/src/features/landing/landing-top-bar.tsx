import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink } from 'react-router';
import { BrandButton } from '../../components/brand-logo.tsx';

export function LandingTopBar() {
  return (
    <AppBar position="sticky">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1, minHeight: { xs: 60, sm: 68 } }}>
          <BrandButton />
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: { xs: 'none', sm: 'flex' }, gap: 0.5, mr: 1 }}>
            <Button href="#product-details" color="inherit" sx={{ color: 'text.secondary' }}>
              Product
            </Button>
            <Button href="#pricing" color="inherit" sx={{ color: 'text.secondary' }}>
              Pricing
            </Button>
          </Box>
          <Button component={RouterLink} to="/login" variant="outlined">
            Login
          </Button>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
