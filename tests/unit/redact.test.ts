import { describe, expect, it } from "vitest";
import { loggablePath, redactForLog } from "~/platform/redact";

const TOKEN = "k3J9x_Qp2LmN8vR4tY6wZ0aBcDeFgHiJ"; // 32 base64url characters, like a visit token

it("keeps query parameters and email addresses out of logged errors", () => {
  const error = new Error('Failed query: select * from patients where email = $1\nparams: alex@example.com,6175550100');
  const line = redactForLog(error);
  expect(line).toContain("Failed query: select * from patients where email = $1");
  expect(line).not.toContain("alex@example.com");
  expect(line).not.toContain("6175550100");
  const smtp = redactForLog(new Error("550 <bob@example.org> rejected"));
  expect(smtp).toContain("550 <[email]> rejected");
  expect(smtp).not.toContain("bob@example.org");
  expect(redactForLog("plain")).toBe("plain");
});

it("keeps tokens out of logged errors that quote a URL", () => {
  const line = redactForLog(new Error(`No route matches URL "/booking/confirmed/${TOKEN}/calendar.ics" from /intake?token=${TOKEN}&x=1`));
  expect(line).not.toContain(TOKEN);
  expect(line).toContain("/booking/confirmed/:token/calendar.ics");
  expect(line).toContain("token=[redacted]");
});

describe("loggablePath: the access log's path, with no secret in it", () => {
  it.each([
    ["/booking/confirmed/" + TOKEN, "/booking/confirmed/:token"],
    ["/booking/confirmed/" + TOKEN + "?booked=1", "/booking/confirmed/:token"],
    ["/booking/confirmed/" + TOKEN + "/calendar.ics", "/booking/confirmed/:token/calendar.ics"],
    ["/booking/confirmed/short", "/booking/confirmed/:token"],
    ["/intake?token=" + TOKEN + "&appointmentBooked=true", "/intake"],
    ["/intake/insurance?token=" + TOKEN, "/intake/insurance"],
    ["/intake/card-photo/" + TOKEN + "/front.jpg", "/intake/card-photo/:token/front.jpg"],
    ["/intake/card-photo/abc", "/intake/card-photo/:token"],
    ["/set-password/" + TOKEN, "/set-password/:token"],
    ["/reset-password/whatever", "/reset-password/:token"],
    ["/verify/123456", "/verify/:token"],
    ["/profile/appointments/" + TOKEN, "/profile/appointments/:token"],
    ["/some/future/link/" + "a1b2c3d4e5f6a7b8c9d0e1f2", "/some/future/link/:token"],
    ["/x/alex@example.com", "/x/:email"],
    ["/x/alex%40example.com", "/x/:email"],
    ["/booking/confirmed/%6B3J9x", "/booking/confirmed/:token"],
    ["/Booking/Confirmed/" + TOKEN, "/Booking/Confirmed/:token"],
  ])("%s → %s", (url, expected) => {
    expect(loggablePath(url)).toBe(expected);
  });

  it.each(["/", "/booking/times", "/booking/smile-straightening-consult", "/booking/confirmation", "/build/entry.client-ABC123.js", "/healthz", "/about"])(
    "keeps the ordinary path %s",
    (url) => expect(loggablePath(url)).toBe(url),
  );

  it("keeps log lines single and short", () => {
    expect(loggablePath("/a\tb")).toBe("/a?b");
    expect(loggablePath("/" + "a/".repeat(500)).length).toBeLessThanOrEqual(201);
  });
});
