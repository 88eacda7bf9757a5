/**
 * Copies text to the clipboard. navigator.clipboard only exists in a secure
 * context (https or localhost), so on plain http the old execCommand route
 * is tried. False when neither worked: the caller then shows the text
 * selected for a manual copy, with a toast.
 */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or document not focused: try the fallback.
    }
  }
  return legacyCopy(text);
}

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.opacity = '0';
  // Inside an open modal <dialog> the rest of the page is inert, so the
  // textarea must live in the dialog to be selectable.
  const host = document.querySelector('dialog[open]') ?? document.body;
  const previous = document.activeElement;
  host.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  if (previous instanceof HTMLElement) previous.focus();
  return copied;
}
