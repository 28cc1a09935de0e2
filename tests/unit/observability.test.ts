import { describe, expect, it } from "vitest";
import { observabilityCsp, segmentSettings, sentryOptions, SENTRY_REPLAY_PRIVACY, SENTRY_TUNNEL_PATH } from "~/platform/observability";

describe("error reporting and analytics configuration", () => {
  it("is off without keys", () => {
    expect(sentryOptions({ dsn: undefined, environment: "production", siteOrigin: "https://x.test" })).toBeNull();
    expect(segmentSettings(null)).toBeNull();
    expect(observabilityCsp({})).toEqual({ connect: [], script: [], frame: [], style: [] });
  });

  it("samples as the spec says and never sends personal data", () => {
    const options = sentryOptions({ dsn: "https://k@o1.ingest.example.io/42", environment: "production", siteOrigin: "https://book.test" })!;
    expect(options).toMatchObject({ sendDefaultPii: false, tracesSampleRate: 0.1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1, maxValueLength: 250 });
    expect(options.tracePropagationTargets).toContain("https://book.test");
    expect(options).not.toHaveProperty("tunnel");
    // The browser sends through this site's tunnel (so the CSP needs no Sentry origin; see the test below).
    expect(sentryOptions({ dsn: "https://k@o1.ingest.example.io/42", environment: "production", siteOrigin: "https://book.test", tunnel: SENTRY_TUNNEL_PATH })).toMatchObject({ tunnel: "/monitoring" });
    expect(SENTRY_REPLAY_PRIVACY).toEqual({ maskAllText: true, maskAllInputs: true, blockAllMedia: true });
  });

  it("batches analytics by 50 events every 5 s", () => {
    expect(segmentSettings("wk")!.options.integrations["Segment.io"].deliveryStrategy.config).toEqual({ size: 50, timeout: 5000 });
  });

  it("opens the CSP only to the services switched on", () => {
    expect(observabilityCsp({ segmentWriteKey: "wk" }).script).toEqual(["https://cdn.segment.com"]);
  });

  it("opens the CSP to the chat widget's own origins only, and only when it is on", () => {
    const csp = observabilityCsp({ chat: { siteUrl: "https://acme.my.site.com/ESWChat", scrtUrl: "https://acme.my.salesforce-scrt.com" } });
    expect(csp).toEqual({
      script: ["https://acme.my.site.com"],
      connect: ["https://acme.my.site.com", "https://acme.my.salesforce-scrt.com"],
      frame: ["https://acme.my.site.com"],
      style: ["https://acme.my.site.com"],
    });
  });
});
