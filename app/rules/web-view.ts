// Spec §4: "isWebView is true when the route contains webview or the web_view cookie equals true."
export function isWebView({ routeIds, webViewCookie }: { routeIds: string[]; webViewCookie?: string | null }): boolean {
  return webViewCookie === "true" || routeIds.some((id) => id.toLowerCase().includes("webview"));
}

/** Inside the app's web view, pinch-zoom is locked so the page behaves like a native screen. */
export function viewportContent(isWebView: boolean): string {
  return isWebView
    ? "width=device-width, initial-scale=1, maximum-scale=1"
    : "width=device-width, initial-scale=1, minimum-scale=1";
}
