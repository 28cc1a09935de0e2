import QRCode from "qrcode";
import { otpauthUrl } from "./totp";
import { BRAND } from "~/platform/brand";

/** The authenticator link as an SVG QR code, drawn on the server (no script), labelled for screen readers. */
export async function setupQrSvg(secret: string, email: string): Promise<string> {
  const svg = await QRCode.toString(otpauthUrl(secret, email, `${BRAND} console`), { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return svg.replace("<svg ", '<svg role="img" aria-label="QR code for your authenticator app" ');
}
