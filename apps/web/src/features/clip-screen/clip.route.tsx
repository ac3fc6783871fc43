import { useParams } from 'react-router';
import { ClipScreenPage } from './clip-screen.page.tsx';

// SPEC 2.1 and 2.10: /manage/automation/{job_id}/clip/{clip_id}, shown only when both are present.
export function Component() {
  const { job_id: jobId, clip_id: clipId } = useParams();
  if (!jobId || !clipId) return null;
  // NOTE: keyed by clip so moving to another clip starts with fresh edits.
  return <ClipScreenPage key={`${jobId}/${clipId}`} jobId={jobId} clipId={clipId} />;
}
