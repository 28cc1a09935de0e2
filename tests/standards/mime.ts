/** The leaf parts of a raw MIME message as an SMTP server receives it (enough for what nodemailer writes). */
export type MimePart = { contentType: string; disposition: string; body: string };

function headersAndBody(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = (at < 0 ? raw : raw.slice(0, at)).replace(/\r?\n[ \t]+/g, " ");
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1].trim() ?? "";
  return { header, body };
}

function decode(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

export function mimeParts(raw: string): MimePart[] {
  const { header, body } = headersAndBody(raw);
  const contentType = header("Content-Type") || "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const sections = body.split(new RegExp(`\\r?\\n?--${escaped}(?:--)?[ \\t]*\\r?\\n?`)).slice(1, -1);
    return sections.filter((s) => s.trim()).flatMap(mimeParts);
  }
  return [{ contentType, disposition: header("Content-Disposition"), body: decode(body, header("Content-Transfer-Encoding")) }];
}
