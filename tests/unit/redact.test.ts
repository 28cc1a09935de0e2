import { expect, it } from "vitest";
import { redactForLog } from "~/platform/redact";

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
