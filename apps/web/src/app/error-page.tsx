import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router';
import { BrandMark } from '../components/brand-logo.tsx';
import { describeRouteError } from './route-error.ts';

/** SPEC section 2.1: the route-level error screen. */
export function ErrorPage() {
  const { summary, stack } = describeRouteError(useRouteError());
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Card sx={{ maxWidth: 760, width: '100%', p: { xs: 3, sm: 5 } }}>
        <BrandMark size={40} />
        <Typography variant="h4" component="h1" sx={{ mt: 3 }}>
          Unexpected Application Error!
        </Typography>
        <Typography variant="h6" component="h2" color="text.secondary" sx={{ mt: 1 }}>
          {summary}
        </Typography>
        {stack ? (
          <Box
            component="pre"
            sx={{
              mt: 3,
              p: 2,
              borderRadius: 2,
              bgcolor: 'grey.100',
              fontSize: 12.5,
              overflow: 'auto',
              maxHeight: 320,
            }}
          >
            {stack}
          </Box>
        ) : null}
        <Button href="/" variant="contained" sx={{ mt: 3 }}>
          Back to Roughcut
        </Button>
      </Card>
    </Box>
  );
}
