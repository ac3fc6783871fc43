import { useParams } from 'react-router';
import { JobPage } from './job.page.tsx';

// SPEC 2.1 and 2.9: /manage/automation/{job_id} (lazy-loaded by the router).
export function Component() {
  const { job_id: jobId } = useParams();
  // NOTE: keyed by job so moving between jobs starts with fresh page state.
  return jobId ? <JobPage key={jobId} jobId={jobId} /> : null;
}
