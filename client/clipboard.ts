/** Copies text (through the app in the app webview); falls back to a hidden textarea + execCommand where the async Clipboard API is missing or denied. */
export async function copyText(text: string): Promise<boolean> {
  // Inside the app the app copies (webview clipboards are unreliable).
  // (The bridge marks the document once it is talking to the app; its code is a chunk of its own.)
  if (document.documentElement.dataset.appBridge === 'confirmed' && (await import('./app-bridge')).appCopy(text))
    return true;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older webviews or a denied permission: try the legacy path below.
  }
  const previous = document.activeElement as HTMLElement | null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    previous?.focus();
  }
}
