/** Hands a blob to the browser's save flow. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // NOTE: revoked later: some browsers read the blob only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
