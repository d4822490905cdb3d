/**
 * Writes text to the clipboard. Rejects where the page has none: `navigator.clipboard` is missing on an
 * insecure (plain http) page, although the DOM types always declare it.
 * @param text what to copy. @returns a promise settled when the clipboard has it, rejected when it was refused.
 */
export function copyText(text: string): Promise<void> {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) return Promise.reject(new Error('This page has no clipboard.'));
  return clipboard.writeText(text);
}
