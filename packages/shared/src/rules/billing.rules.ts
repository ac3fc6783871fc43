// SPEC 9: sizes as the billing page, the upload screens and the server's storage refusal say them.

const GB = 1024 ** 3;

/** "0 B", "512 KB", "850 MB", "1.25 GB", "10 GB": binary units, at most two decimals. */
export function formatBytes(bytes: number): string {
  const value = Math.max(0, Math.round(bytes));
  const units = [
    ['GB', GB],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const;
  for (const [unit, size] of units) {
    if (value >= size) {
      const scaled = value / size;
      const digits = scaled >= 100 ? 0 : scaled >= 10 ? 1 : 2;
      return `${Number(scaled.toFixed(digits))} ${unit}`;
    }
  }
  return `${value} B`;
}
