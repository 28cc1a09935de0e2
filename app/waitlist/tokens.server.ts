import { createHash, randomBytes } from "node:crypto";

/** A link's token: 192 bits from the OS, base64url (32 characters). Only its hash is stored. */
export const newLinkToken = () => randomBytes(24).toString("base64url");
export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** A waitlist link token's shape; anything else is no link of ours, answered 404 without a query. */
export const isLinkTokenShape = (token: string | undefined): token is string => !!token && /^[A-Za-z0-9_-]{32}$/.test(token);
