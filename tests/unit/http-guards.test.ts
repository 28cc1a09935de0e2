import { describe, expect, it } from "vitest";
import { bodyLimitFor, countFields, FORM_MAX_BYTES, isAllowedMethod, UPLOAD_MAX_BYTES } from "~/platform/http-guards.server";

describe("request guards", () => {
  it("serves GET, HEAD and POST only", () => {
    expect(["GET", "HEAD", "POST"].every(isAllowedMethod)).toBe(true);
    expect(["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "get"].some(isAllowedMethod)).toBe(false);
  });
  it("gives the larger limit to multipart posts to the card upload route only", () => {
    expect(bodyLimitFor("/intake/insurance/card", "multipart/form-data; boundary=x").maxBytes).toBe(UPLOAD_MAX_BYTES);
    expect(bodyLimitFor("/intake/insurance/card/", "multipart/form-data; boundary=x").maxBytes).toBe(UPLOAD_MAX_BYTES);
    expect(bodyLimitFor("/intake/insurance/card", "application/x-www-form-urlencoded").maxBytes).toBe(FORM_MAX_BYTES);
    expect(bodyLimitFor("/booking/markets", "multipart/form-data; boundary=x").maxBytes).toBe(FORM_MAX_BYTES);
    expect(bodyLimitFor("/booking/markets", undefined)).toEqual({ maxBytes: 64 * 1024, maxFields: 300 });
  });
  it("counts urlencoded pairs and multipart parts", () => {
    expect(countFields(Buffer.from(""), "application/x-www-form-urlencoded")).toBe(0);
    expect(countFields(Buffer.from("a=1&b=2&c=3"), "application/x-www-form-urlencoded; charset=utf-8")).toBe(3);
    expect(countFields(Buffer.from("a=1&b=2"), undefined)).toBe(2);
    const multipart = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b\r\nContent-Disposition: form-data; name="c"\r\n\r\n2\r\n--b--\r\n';
    expect(countFields(Buffer.from(multipart), "multipart/form-data; boundary=b")).toBe(2);
    expect(countFields(Buffer.from(multipart), 'multipart/form-data; boundary="b"')).toBe(2);
    expect(countFields(Buffer.from('{"a":1}'), "application/json")).toBe(0);
  });
});
