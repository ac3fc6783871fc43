import WorkOutlineRounded from '@mui/icons-material/WorkOutlineRounded';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { ComingSoonCard } from './coming-soon-card.tsx';

// Placeholder until the job-page issue replaces it (SPEC section 2.9).
export function Component() {
  const { job_id: jobId } = useParams();
  return (
    <>
      <PageHeader title="Video edit" subtitle={`Job ${jobId ?? ''}`} />
      <ComingSoonCard
        icon={<WorkOutlineRounded />}
        title="Job details"
        text="The progress, clips and downloads of this video edit will be shown here."
      />
    </>
  );
}
