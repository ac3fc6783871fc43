// The order the job page and the client (command line, MCP) list an edit's clips in.

/** SPEC 2.9: clips by engagement_score, highest first; ties keep their order. */
export const sortClipsByEngagement = <T extends { engagement_score: number }>(
  clips: readonly T[],
): T[] => [...clips].sort((a, b) => b.engagement_score - a.engagement_score);
