// npm run staff -- add --email E [--email E2 ...] --role admin|manager|front_desk [--studio SLUG ...]
// Makes (or re-invites) staff accounts and prints each one's one-time setup link (24 hours). Uses DATABASE_URL when set,
// else the PGlite data dir in DATA_DIR (./data): on PGlite, stop the server first (one process per data dir).
import { parseArgs } from "node:util";
import { inArray } from "drizzle-orm";
import { inviteStaff, ROLES, type Role } from "../app/console/staff.server";
import { DataDirLockedError, openDatabase, setDatabase } from "../app/db/client.server";
import { studios } from "../app/db/schema";
import { catalogueIsEmpty, seedCatalogue } from "../app/db/seed.server";

const USAGE = "Usage: npm run staff -- add --email E [--email E2 ...] --role admin|manager|front_desk [--studio SLUG ...]";

function fail(message: string): never {
  console.error(`[staff] ${message}\n${USAGE}`);
  process.exit(2);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: "string", multiple: true }, role: { type: "string" }, studio: { type: "string", multiple: true } },
});
if (positionals[0] !== "add") fail("Say what to do: add.");
const emails = (values.email ?? []).map((e) => e.trim().toLowerCase());
if (!emails.length || emails.some((email) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)) fail("--email needs an email address.");
const role = (values.role ?? "").replace("-", "_") as Role;
if (!ROLES.includes(role)) fail(`--role is one of ${ROLES.join(", ")}.`);
const studioSlugs = values.studio ?? [];
if (role !== "admin" && studioSlugs.length === 0) fail("A front desk or manager account needs at least one --studio.");

try {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || "./data" });
  setDatabase(Promise.resolve(database));
  try {
    if (await catalogueIsEmpty(database.db)) await seedCatalogue(database.db);
    if (studioSlugs.length) {
      const known = new Set((await database.db.select({ slug: studios.slug }).from(studios).where(inArray(studios.slug, studioSlugs))).map((s) => s.slug));
      const unknown = studioSlugs.filter((s) => !known.has(s));
      if (unknown.length) fail(`No such studio: ${unknown.join(", ")}.`);
    }
    for (const email of emails) {
      const invitation = await inviteStaff(database.db, { email, role, studios: studioSlugs }, null);
      console.info(`Setup link for ${email} (${role}), valid until ${invitation.expiresAt.toISOString()}, once:\n${invitation.url}`);
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`[staff] ${error instanceof DataDirLockedError ? error.message : (error as Error).stack}`);
  process.exit(1);
}
