/** Whole percent of a progress fraction (0-1), or null when the run reports none. */
export const percentOf = (progress: number | undefined): number | null =>
  progress !== undefined && Number.isFinite(progress)
    ? Math.floor(Math.min(1, Math.max(0, progress)) * 100)
    : null;

/** "Processing... 42%" from the instance's progress fraction (0-1), when it reports one. */
export const processingText = (text: string, progress: number | undefined): string => {
  const percent = percentOf(progress);
  return text === 'Processing...' && percent !== null ? `${text} ${percent}%` : text;
};
