import AspectRatioRounded from '@mui/icons-material/AspectRatioRounded';
import ClosedCaptionOutlined from '@mui/icons-material/ClosedCaptionOutlined';
import ContentCutRounded from '@mui/icons-material/ContentCutRounded';
import GraphicEqRounded from '@mui/icons-material/GraphicEqRounded';
import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { brandGradient } from '../../components/theme.ts';
import { FEATURES, SILENCE_CLAIM } from './landing-content.ts';
import type { FeatureKey } from './landing-content.ts';

const icons: Record<FeatureKey, ReactNode> = {
  subtitles: <ClosedCaptionOutlined />,
  cut: <ContentCutRounded />,
  resize: <AspectRatioRounded />,
  transcription: <RecordVoiceOverOutlined />,
};

function IconTile({ children, inverted = false }: { children: ReactNode; inverted?: boolean }) {
  return (
    <Box
      sx={{
        width: 48,
        height: 48,
        borderRadius: '14px',
        display: 'grid',
        placeItems: 'center',
        color: inverted ? '#fff' : 'primary.main',
        bgcolor: inverted ? 'rgba(255,255,255,0.18)' : 'rgba(79, 70, 229, 0.08)',
        flexShrink: 0,
      }}
    >
      {children}
    </Box>
  );
}

export function LandingFeatures() {
  return (
    <Box
      component="section"
      id="product-details"
      sx={{ py: { xs: 8, md: 12 }, scrollMarginTop: 64 }}
    >
      <Container maxWidth="lg">
        <Typography variant="overline" color="primary">
          Product
        </Typography>
        <Typography variant="h2" sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, maxWidth: 640 }}>
          Everything a rough edit needs, done for you
        </Typography>
        <Box
          sx={{
            mt: 6,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
          }}
        >
          {FEATURES.map((feature) => (
            <Card key={feature.key} component="article" sx={{ p: 3.5 }}>
              <IconTile>{icons[feature.key]}</IconTile>
              <Typography variant="h6" component="h3" sx={{ mt: 2.5 }}>
                {feature.title}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1, lineHeight: 1.65 }}>
                {feature.text}
              </Typography>
            </Card>
          ))}
        </Box>
        <Card
          component="article"
          sx={{
            mt: 3,
            p: { xs: 3.5, md: 4.5 },
            display: 'flex',
            gap: 3,
            alignItems: { xs: 'flex-start', sm: 'center' },
            flexDirection: { xs: 'column', sm: 'row' },
            color: '#fff',
            border: 0,
            background: brandGradient,
          }}
        >
          <IconTile inverted>
            <GraphicEqRounded />
          </IconTile>
          <Box>
            <Typography variant="h6" component="h3">
              {SILENCE_CLAIM.title}
            </Typography>
            <Typography sx={{ mt: 0.5, opacity: 0.9 }}>{SILENCE_CLAIM.text}</Typography>
          </Box>
        </Card>
      </Container>
    </Box>
  );
}
