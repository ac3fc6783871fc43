// The one timeline every stage shares: the file's, as ffmpeg seeks it (0 is the file's start). The
// analysis hears the sound on it and the renders cut both streams on it, so a stream that starts
// late or early, has holes, or is trimmed by an edit list stays where the picture is.

/** Timestamp jumps larger than this are filled with silence (or dropped): well under a frame. */
const HARD_SYNC_S = 0.01;

/**
 * An ffmpeg audio filter that lays the decoded sound on the timeline: silence where it starts
 * late, its first samples dropped where it starts before 0 (after -ss: before the seek point),
 * holes filled, and, with `lengthS`, silence after its end up to that length.
 * WARNING: raw PCM and WAV carry no timestamps, so without it a sound that starts 0.5 s late is
 * heard 0.5 s early by everything that reads the samples.
 */
export function soundOnTimelineFilter(options: { sampleRate: number; lengthS?: number }): string {
  const filters = [
    `aresample=${options.sampleRate}:async=1:min_hard_comp=${HARD_SYNC_S}:first_pts=0`,
  ];
  if (options.lengthS !== undefined && options.lengthS > 0) {
    filters.push(`apad=whole_len=${Math.round(options.lengthS * options.sampleRate)}`);
  }
  return filters.join(',');
}
