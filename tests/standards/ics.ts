/**
 * The RFC 5545 / RFC 5546 essentials of a calendar file, read by a real iCalendar parser (Mozilla's ical.js)
 * and by the octets: METHOD with the ORGANIZER it requires, UID, DTSTAMP, DTSTART in UTC or with its VTIMEZONE,
 * SEQUENCE, CRLF line ends, folding at 75 octets, TEXT escaping. Used by every test that produces a .ics
 * (the download, the emails of e2e and of the integration tests).
 */
import ICAL from "ical.js";

export type IcsFacts = { method: string; uid: string; sequence: number; status: string | null };

/**
 * The problems of one calendar file; [] when it is sound. An email's file and a visit's download hold one VEVENT; a
 * series' download (decision 076) says how many it holds.
 */
export function icsProblems(ics: string, { events: wanted = 1 }: { events?: number } = {}): string[] {
  const problems: string[] = [];
  if (/(^|[^\r])\n/.test(ics) || /\r(?!\n)/.test(ics)) problems.push("a line does not end in CRLF");
  if (!ics.endsWith("\r\n")) problems.push("the file does not end in CRLF");
  const physical = ics.split("\r\n");
  physical.forEach((line, i) => {
    if (Buffer.byteLength(line, "utf8") > 75) problems.push(`line ${i + 1} is longer than 75 octets (not folded)`);
  });
  // TEXT values (RFC 5545 §3.3.11): a ; or , inside must be escaped, and a backslash only starts an escape.
  const unfolded = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  for (const line of unfolded) {
    const m = /^(SUMMARY|LOCATION|DESCRIPTION|COMMENT)(;[^:]*)?:(.*)$/.exec(line);
    if (m && /(^|[^\\])(\\\\)*[;,]|\\(?![\\;,nN])/.test(m[3])) problems.push(`${m[1]} is not escaped: ${m[3]}`);
  }
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(ics));
  } catch (error) {
    return [...problems, `ical.js cannot parse it: ${(error as Error).message}`];
  }
  const method = calendar.getFirstPropertyValue("method");
  if (!method) problems.push("no METHOD");
  const events = calendar.getAllSubcomponents("vevent");
  if (events.length !== wanted) problems.push(`${events.length} VEVENTs, not ${wanted}`);
  const uids = events.map((e) => String(e.getFirstPropertyValue("uid")));
  if (new Set(uids).size !== uids.length) problems.push("two VEVENTs share a UID");
  const tzids = new Set(calendar.getAllSubcomponents("vtimezone").map((tz) => String(tz.getFirstPropertyValue("tzid"))));
  for (const event of events) {
    for (const name of ["uid", "dtstamp", "dtstart", "sequence"]) if (!event.hasProperty(name)) problems.push(`no ${name.toUpperCase()}`);
    const organizer = event.getFirstProperty("organizer");
    // RFC 5546 §3.2: ORGANIZER is required with PUBLISH, REQUEST and CANCEL alike.
    if (!organizer || !/^mailto:[^@\s]+@[^@\s]+$/i.test(String(organizer.getFirstValue()))) problems.push(`METHOD:${method} without an ORGANIZER mailto: address`);
    if (method === "CANCEL") {
      if (event.getFirstPropertyValue("status") !== "CANCELLED") problems.push("METHOD:CANCEL without STATUS:CANCELLED");
      if (!event.hasProperty("attendee")) problems.push("METHOD:CANCEL without an ATTENDEE (RFC 5546 §3.2.5)");
    }
    const stamp = event.getFirstPropertyValue("dtstamp") as ICAL.Time | null;
    if (stamp && stamp.zone !== ICAL.Timezone.utcTimezone) problems.push("DTSTAMP is not in UTC");
    for (const name of ["dtstart", "dtend"]) {
      const prop = event.getFirstProperty(name);
      if (!prop) continue;
      const tzid = prop.getParameter("tzid");
      const time = prop.getFirstValue() as ICAL.Time;
      if (tzid ? !tzids.has(String(tzid)) : time.zone !== ICAL.Timezone.utcTimezone) {
        problems.push(`${name.toUpperCase()} is neither UTC nor in a VTIMEZONE of the file (TZID=${tzid ?? "none"})`);
      }
    }
  }
  return problems;
}

/** The facts a series of files is compared on (one visit's UID, its SEQUENCE). */
export function icsFacts(ics: string): IcsFacts {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    uid: String(event.getFirstPropertyValue("uid")),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: (event.getFirstPropertyValue("status") as string | null) ?? null,
  };
}

/**
 * One visit's files in the order they were sent (book → move → cancel): each sound, one UID, SEQUENCE rising
 * with each change, so a calendar replaces the event instead of keeping an old copy.
 */
export function icsSeriesProblems(files: string[]): string[] {
  const problems = files.flatMap((f, i) => icsProblems(f).map((p) => `file ${i + 1}: ${p}`));
  if (problems.length) return problems;
  const facts = files.map(icsFacts);
  if (new Set(facts.map((f) => f.uid)).size !== 1) problems.push(`the UIDs differ: ${facts.map((f) => f.uid).join(", ")}`);
  for (let i = 1; i < facts.length; i++) {
    if (!(facts[i].sequence > facts[i - 1].sequence)) problems.push(`SEQUENCE does not rise from file ${i} to ${i + 1}: ${facts[i - 1].sequence} → ${facts[i].sequence}`);
  }
  return problems;
}
