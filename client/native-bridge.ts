/** The app webview's native bridge (ADR 0004): its presence alone means the app. */
export function hasNativeBridge(): boolean {
  return typeof window.ReactNativeWebView?.postMessage === 'function';
}
