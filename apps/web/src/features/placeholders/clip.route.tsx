import ContentCutRounded from '@mui/icons-material/ContentCutRounded';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { ComingSoonCard } from './coming-soon-card.tsx';

// Placeholder until the clip-confirmation issue replaces it (SPEC section 2.10).
export function Component() {
  const { job_id: jobId, clip_id: clipId } = useParams();
  return (
    <>
      <PageHeader title="Clip" subtitle={`Job ${jobId ?? ''} · clip ${clipId ?? ''}`} />
      <ComingSoonCard
        icon={<ContentCutRounded />}
        title="Clip review"
        text="Review the clip's speech gaps and subtitles here before it is rendered."
      />
    </>
  );
}
