/** "Processing... 42%" from the instance's progress fraction (0-1), when it reports one. */
export const processingText = (text: string, progress: number | undefined): string =>
  text === 'Processing...' && progress !== undefined && Number.isFinite(progress)
    ? `${text} ${Math.floor(Math.min(1, Math.max(0, progress)) * 100)}%`
    : text;
