/**
 * SPEC section 8: errors and validation messages are browser alerts. One seam for all of them so
 * screens never call window.alert directly.
 */
export function showAlert(message: string): void {
  window.alert(message);
}
