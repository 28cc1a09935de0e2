import { describe, expect, it } from "vitest";
import {
  BOOKING_WINDOW_DAYS,
  MIN_NOTICE_MINUTES,
  SLOT_STEP_MINUTES,
  computeSlots,
  firstFreeSlot,
  formatSlotDate,
  formatSlotTime,
  groupSlotsByLocalDay,
  localDayKey,
  type AvailabilityInput,
  type ProviderSchedule,
  type WeeklyHours,
} from "~/scheduling/availability";

const NY = "America/New_York";
const CHI = "America/Chicago";
const d = (iso: string) => new Date(iso);
const iso = (slots: { startsAt: Date }[]) => slots.map((s) => s.startsAt.toISOString());
const hm = (h: number, m = 0) => h * 60 + m;
const hours = (weekday: number, start: number, end: number): WeeklyHours => ({ weekday, startMinute: start, endMinute: end });

function provider(over: Partial<ProviderSchedule> = {}): ProviderSchedule {
  return { providerId: 1, role: "hygienist", hours: [], timeOff: [], busy: [], ...over };
}

function slots(over: Partial<AvailabilityInput>) {
  return computeSlots({
    timezone: NY,
    from: d("2027-01-01T00:00:00Z"),
    to: d("2028-01-01T00:00:00Z"),
    now: d("2027-01-01T00:00:00Z"),
    durationMinutes: 15,
    eligibleRoles: ["hygienist"],
    providers: [],
    ...over,
  });
}

const expectNoDuplicates = (list: { startsAt: Date }[]) =>
  expect(new Set(iso(list)).size).toBe(list.length);

describe("constants", () => {
  it("15-minute steps, 120 minutes notice, 60-day window", () => {
    expect([SLOT_STEP_MINUTES, MIN_NOTICE_MINUTES, BOOKING_WINDOW_DAYS]).toEqual([15, 120, 60]);
  });
});

describe("spring forward, Sunday 2027-03-14: 02:00–02:59 local does not exist and yields no slot", () => {
  const sunday = { from: d("2027-03-13T12:00:00Z"), to: d("2027-03-15T12:00:00Z"), now: d("2027-03-01T00:00:00Z") };
  const sundayNight = [hours(0, hm(1), hm(4))];

  it("America/New_York: 01:00–01:45 EST then 03:00–03:45 EDT, 8 slots", () => {
    const list = slots({ ...sunday, providers: [provider({ hours: sundayNight })] });
    expect(iso(list)).toEqual([
      "2027-03-14T06:00:00.000Z",
      "2027-03-14T06:15:00.000Z",
      "2027-03-14T06:30:00.000Z",
      "2027-03-14T06:45:00.000Z",
      "2027-03-14T07:00:00.000Z", // 03:00 EDT, first slot after the change
      "2027-03-14T07:15:00.000Z",
      "2027-03-14T07:30:00.000Z",
      "2027-03-14T07:45:00.000Z",
    ]);
    expect(list.map((s) => formatSlotTime(s.startsAt, NY))).not.toContain("2:00 AM");
    expect(formatSlotTime(list[4].startsAt, NY)).toBe("3:00 AM");
  });

  it("America/Chicago: first slot after the change is 03:00 CDT = 08:00Z, 8 slots", () => {
    const list = slots({ ...sunday, timezone: CHI, providers: [provider({ hours: sundayNight })] });
    expect(list).toHaveLength(8);
    expect(list[0].startsAt.toISOString()).toBe("2027-03-14T07:00:00.000Z"); // 01:00 CST
    expect(list[3].startsAt.toISOString()).toBe("2027-03-14T07:45:00.000Z");
    expect(list[4].startsAt.toISOString()).toBe("2027-03-14T08:00:00.000Z"); // 03:00 CDT
    expect(list[7].startsAt.toISOString()).toBe("2027-03-14T08:45:00.000Z");
    expectNoDuplicates(list);
  });

  it("hours starting inside the gap (02:00–04:00) begin at 03:00 EDT, never before opening", () => {
    const list = slots({ ...sunday, providers: [provider({ hours: [hours(0, hm(2), hm(4))] })] });
    expect(iso(list)).toEqual([
      "2027-03-14T07:00:00.000Z",
      "2027-03-14T07:15:00.000Z",
      "2027-03-14T07:30:00.000Z",
      "2027-03-14T07:45:00.000Z",
    ]);
  });

  it("duration fit uses real elapsed time: 60-minute slots in a 2-real-hour block", () => {
    const list = slots({ ...sunday, durationMinutes: 60, providers: [provider({ hours: sundayNight })] });
    // Block ends 04:00 EDT = 08:00Z; 01:45 EST + 60 min = 03:45 EDT fits, 03:15 EDT + 60 does not.
    expect(iso(list)).toEqual([
      "2027-03-14T06:00:00.000Z",
      "2027-03-14T06:15:00.000Z",
      "2027-03-14T06:30:00.000Z",
      "2027-03-14T06:45:00.000Z",
      "2027-03-14T07:00:00.000Z",
    ]);
    expect(list[4].endsAt.toISOString()).toBe("2027-03-14T08:00:00.000Z");
  });
});

describe("fall back, Sunday 2027-11-07: the repeated 01:00 hour yields no duplicate slots", () => {
  const sunday = { from: d("2027-11-06T12:00:00Z"), to: d("2027-11-08T12:00:00Z"), now: d("2027-11-01T00:00:00Z") };
  const sundayNight = [hours(0, hm(1), hm(4))];

  it("America/New_York: each wall time once (01:xx EDT), then 02:00 EST = 07:00Z; 12 slots", () => {
    const list = slots({ ...sunday, providers: [provider({ hours: sundayNight })] });
    expect(list).toHaveLength(12);
    expectNoDuplicates(list);
    expect(list[0].startsAt.toISOString()).toBe("2027-11-07T05:00:00.000Z"); // 01:00 EDT
    expect(list[3].startsAt.toISOString()).toBe("2027-11-07T05:45:00.000Z"); // 01:45 EDT
    expect(list[4].startsAt.toISOString()).toBe("2027-11-07T07:00:00.000Z"); // 02:00 EST, first after the change
    expect(list[11].startsAt.toISOString()).toBe("2027-11-07T08:45:00.000Z"); // 03:45 EST
    const labels = list.map((s) => formatSlotTime(s.startsAt, NY));
    expect(new Set(labels).size).toBe(12);
  });

  it("America/Chicago: 01:00 CDT = 06:00Z, first after the change 02:00 CST = 08:00Z; 12 slots", () => {
    const list = slots({ ...sunday, timezone: CHI, providers: [provider({ hours: sundayNight })] });
    expect(list).toHaveLength(12);
    expectNoDuplicates(list);
    expect(list[0].startsAt.toISOString()).toBe("2027-11-07T06:00:00.000Z");
    expect(list[4].startsAt.toISOString()).toBe("2027-11-07T08:00:00.000Z");
    expect(list[11].startsAt.toISOString()).toBe("2027-11-07T09:45:00.000Z");
  });
});

describe("local weekly hours convert to the right UTC instant across the year", () => {
  const monday9 = [hours(1, hm(9), hm(9, 15))];
  const at = (tz: string, fromIso: string, toIso: string) =>
    iso(slots({ timezone: tz, from: d(fromIso), to: d(toIso), now: new Date(d(fromIso).getTime() - 86_400_000), providers: [provider({ hours: monday9 })] }));

  it("Monday 09:00 New York is 13:00Z in summer and 14:00Z in winter", () => {
    expect(at(NY, "2027-07-12T00:00:00Z", "2027-07-13T00:00:00Z")).toEqual(["2027-07-12T13:00:00.000Z"]);
    expect(at(NY, "2027-01-11T00:00:00Z", "2027-01-12T00:00:00Z")).toEqual(["2027-01-11T14:00:00.000Z"]);
  });

  it("Monday 09:00 Chicago is 14:00Z in summer and 15:00Z in winter", () => {
    expect(at(CHI, "2027-07-12T00:00:00Z", "2027-07-13T00:00:00Z")).toEqual(["2027-07-12T14:00:00.000Z"]);
    expect(at(CHI, "2027-01-11T00:00:00Z", "2027-01-12T00:00:00Z")).toEqual(["2027-01-11T15:00:00.000Z"]);
  });

  it("the Mondays either side of each 2027 change (local days, not 24 h steps)", () => {
    expect(at(NY, "2027-03-06T00:00:00Z", "2027-03-16T00:00:00Z")).toEqual([
      "2027-03-08T14:00:00.000Z",
      "2027-03-15T13:00:00.000Z",
    ]);
    expect(at(NY, "2027-10-30T00:00:00Z", "2027-11-09T00:00:00Z")).toEqual([
      "2027-11-01T13:00:00.000Z",
      "2027-11-08T14:00:00.000Z",
    ]);
  });
});

describe("exclusions and limits", () => {
  const monday = { from: d("2027-07-12T00:00:00Z"), to: d("2027-07-13T00:00:00Z"), now: d("2027-07-01T00:00:00Z") };
  const morning = [hours(1, hm(9), hm(12))]; // 13:00Z–16:00Z in July

  it("the whole duration must fit inside the hours block", () => {
    const list = slots({ ...monday, durationMinutes: 60, providers: [provider({ hours: morning })] });
    expect(list).toHaveLength(9); // 09:00 … 11:00
    expect(list.at(-1)?.startsAt.toISOString()).toBe("2027-07-12T15:00:00.000Z");
    expect(list.at(-1)?.endsAt.toISOString()).toBe("2027-07-12T16:00:00.000Z");
  });

  it("a visit of no length has no slot", () => {
    expect(slots({ ...monday, durationMinutes: 0, providers: [provider({ hours: morning })] })).toEqual([]);
  });

  it("slots come in time order whatever the order of providers and of their hours", () => {
    const late = provider({ providerId: 1, hours: [hours(1, hm(11), hm(12)), hours(1, hm(10), hm(11))] });
    const early = provider({ providerId: 2, hours: [hours(1, hm(9), hm(9, 30))] });
    const list = slots({ ...monday, durationMinutes: 15, providers: [late, early] });
    expect(iso(list)).toEqual([...iso(list)].sort());
    expect(list[0]).toMatchObject({ startsAt: d("2027-07-12T13:00:00Z"), providerIds: [2] });
    expect(list[2]).toMatchObject({ startsAt: d("2027-07-12T14:00:00Z"), providerIds: [1] });
    expect(list).toHaveLength(10);
  });

  it("starts on 15-minute boundaries even when hours do not", () => {
    const list = slots({ ...monday, providers: [provider({ hours: [hours(1, hm(9, 10), hm(10))] })] });
    expect(iso(list)).toEqual(["2027-07-12T13:15:00.000Z", "2027-07-12T13:30:00.000Z", "2027-07-12T13:45:00.000Z"]);
  });

  it("busy intervals are half-open: an appointment 10:00–10:30 blocks overlapping slots, leaves 09:30 and 10:30", () => {
    const busy = [{ startsAt: d("2027-07-12T14:00:00Z"), endsAt: d("2027-07-12T14:30:00Z") }];
    const list = slots({ ...monday, durationMinutes: 30, providers: [provider({ hours: morning, busy })] });
    const starts = iso(list);
    expect(starts).toContain("2027-07-12T13:30:00.000Z"); // 09:30–10:00 ends as the appointment starts
    expect(starts).not.toContain("2027-07-12T13:45:00.000Z");
    expect(starts).not.toContain("2027-07-12T14:00:00.000Z");
    expect(starts).not.toContain("2027-07-12T14:15:00.000Z");
    expect(starts).toContain("2027-07-12T14:30:00.000Z"); // 10:30 is free again
    expect(list).toHaveLength(11 - 3);
  });

  it("time off removes every overlapping slot", () => {
    const timeOff = [{ startsAt: d("2027-07-12T13:00:00Z"), endsAt: d("2027-07-12T15:00:00Z") }];
    const list = slots({ ...monday, durationMinutes: 30, providers: [provider({ hours: morning, timeOff })] });
    expect(iso(list)).toEqual([
      "2027-07-12T15:00:00.000Z",
      "2027-07-12T15:15:00.000Z",
      "2027-07-12T15:30:00.000Z",
    ]);
  });

  it("minimum notice is 120 minutes; emergencies (sameDay) get 30", () => {
    const now = d("2027-07-12T13:10:00Z"); // 09:10 local
    const p = [provider({ hours: morning })];
    expect(firstFreeSlot({ ...monday, now, timezone: NY, durationMinutes: 15, eligibleRoles: ["hygienist"], providers: p })?.startsAt.toISOString()).toBe(
      "2027-07-12T15:15:00.000Z",
    );
    expect(slots({ ...monday, now, providers: p, sameDay: true })[0].startsAt.toISOString()).toBe("2027-07-12T13:45:00.000Z");
    // exactly now + 120 min is allowed
    expect(slots({ ...monday, now: d("2027-07-12T13:00:00Z"), providers: p })[0].startsAt.toISOString()).toBe(
      "2027-07-12T15:00:00.000Z",
    );
  });

  it("slots start before now + 60 days", () => {
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((w) => hours(w, hm(9), hm(17)));
    const list = slots({
      now: d("2027-07-12T15:00:00Z"),
      from: d("2027-07-12T00:00:00Z"),
      to: d("2027-12-31T00:00:00Z"),
      providers: [provider({ hours: everyDay })],
    });
    expect(list.at(-1)?.startsAt.toISOString()).toBe("2027-09-10T14:45:00.000Z"); // window ends 15:00Z exclusive
    expect(list[0].startsAt.toISOString()).toBe("2027-07-12T17:00:00.000Z");
  });

  it("only providers with an eligible role are offered", () => {
    const list = slots({
      ...monday,
      eligibleRoles: ["dentist"],
      providers: [provider({ providerId: 1, role: "hygienist", hours: morning }), provider({ providerId: 2, role: "dentist", hours: [hours(1, hm(11), hm(11, 30))] })],
    });
    expect(list.map((s) => [s.startsAt.toISOString(), s.providerIds])).toEqual([
      ["2027-07-12T15:00:00.000Z", [2]],
      ["2027-07-12T15:15:00.000Z", [2]],
    ]);
    expect(slots({ ...monday, eligibleRoles: [], providers: [provider({ hours: morning })] })).toEqual([]);
  });

  it("slots at the same instant merge all free providers, sorted", () => {
    const busy = [{ startsAt: d("2027-07-12T13:15:00Z"), endsAt: d("2027-07-12T13:30:00Z") }];
    const list = slots({
      ...monday,
      providers: [
        provider({ providerId: 7, hours: [hours(1, hm(9), hm(9, 30))] }),
        provider({ providerId: 3, hours: [hours(1, hm(9), hm(9, 30))], busy }),
        provider({ providerId: 5, role: "dentist", hours: [hours(1, hm(9), hm(9, 30))] }),
      ],
    });
    expect(list).toEqual([
      { startsAt: d("2027-07-12T13:00:00Z"), endsAt: d("2027-07-12T13:15:00Z"), providerIds: [3, 7] },
      { startsAt: d("2027-07-12T13:15:00Z"), endsAt: d("2027-07-12T13:30:00Z"), providerIds: [7] },
    ]);
  });

  it("firstFreeSlot is null when nothing is free", () => {
    expect(firstFreeSlot({ ...monday, timezone: NY, durationMinutes: 15, eligibleRoles: ["hygienist"], providers: [] })).toBeNull();
  });
});

describe("local day helpers and formatting", () => {
  it("localDayKey uses the studio's calendar day", () => {
    expect(localDayKey(d("2027-03-15T03:30:00Z"), NY)).toBe("2027-03-14");
    expect(localDayKey(d("2027-03-15T04:30:00Z"), NY)).toBe("2027-03-15");
    expect(localDayKey(d("2027-03-15T04:30:00Z"), CHI)).toBe("2027-03-14");
  });

  it("groupSlotsByLocalDay groups by local day in time order", () => {
    const mk = (s: string) => ({ startsAt: d(s), endsAt: d(s), providerIds: [1] });
    const groups = groupSlotsByLocalDay(
      [mk("2027-03-15T13:00:00Z"), mk("2027-03-15T03:30:00Z"), mk("2027-03-14T14:00:00Z")],
      NY,
    );
    expect(groups.map((g) => [g.day, iso(g.slots)])).toEqual([
      ["2027-03-14", ["2027-03-14T14:00:00.000Z", "2027-03-15T03:30:00.000Z"]],
      ["2027-03-15", ["2027-03-15T13:00:00.000Z"]],
    ]);
  });

  it("formats times and dates in the studio zone", () => {
    expect(formatSlotTime(d("2027-07-12T13:15:00Z"), NY)).toBe("9:15 AM");
    expect(formatSlotTime(d("2027-07-12T13:15:00Z"), CHI)).toBe("8:15 AM");
    expect(formatSlotTime(d("2027-07-12T21:30:00Z"), NY)).toBe("5:30 PM");
    expect(formatSlotDate(d("2027-03-14T16:00:00Z"), NY)).toBe("Sunday, March 14, 2027");
    expect(formatSlotDate(d("2027-03-15T03:30:00Z"), NY)).toBe("Sunday, March 14, 2027");
  });
});

describe("firstFreeSlot stops early but finds the same first time", () => {
  it("skips a fully booked first day and merges providers free at that time", () => {
    // Monday 2027-01-04 is booked solid for provider 1; provider 2 only works Tuesdays from 10:00.
    const input = {
      timezone: NY,
      from: d("2027-01-04T00:00:00Z"),
      to: d("2027-01-20T00:00:00Z"),
      now: d("2027-01-03T00:00:00Z"),
      durationMinutes: 60,
      eligibleRoles: ["hygienist"],
      providers: [
        provider({ providerId: 1, hours: [hours(1, hm(9), hm(12)), hours(2, hm(10), hm(12))], busy: [{ startsAt: d("2027-01-04T14:00:00Z"), endsAt: d("2027-01-04T17:00:00Z") }] }),
        provider({ providerId: 2, hours: [hours(2, hm(10), hm(12))] }),
      ],
    };
    const first = firstFreeSlot(input);
    expect(first).toEqual(computeSlots(input)[0]);
    expect(first?.startsAt.toISOString()).toBe("2027-01-05T15:00:00.000Z"); // Tuesday 10:00 EST
    expect(first?.providerIds).toEqual([1, 2]);
  });
});

describe("a busy provider's blocked times (decision 018: looked up in O(log n), not one by one)", () => {
  it("frees exactly the times no visit or time off overlaps: nested, touching and overlapping blocks, in any order", () => {
    // A seeded mix over two weeks: short visits, long time off that contains visits, blocks that touch.
    let seed = 23;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const base = d("2027-03-01T13:00:00Z").getTime();
    const block = (minutes: number) => {
      const start = base + Math.floor(next() * 14 * 96) * 15 * 60_000;
      return { startsAt: new Date(start), endsAt: new Date(start + minutes * 60_000) };
    };
    const busy = Array.from({ length: 120 }, () => block([15, 30, 45, 60, 90][Math.floor(next() * 5)]));
    const timeOff = [block(60 * 30), block(60 * 5), block(15)];
    const week = [1, 2, 3, 4, 5].map((w) => hours(w, hm(8), hm(18)));
    const input = { from: d("2027-03-01T00:00:00Z"), to: d("2027-03-16T00:00:00Z"), now: d("2027-02-27T00:00:00Z"), durationMinutes: 45 };
    const withBlocks = slots({ ...input, providers: [provider({ hours: week, busy: [...busy].reverse(), timeOff })] });
    const all = slots({ ...input, providers: [provider({ hours: week })] });
    const blocks = [...busy, ...timeOff];
    const free = all.filter((s) => !blocks.some((b) => s.startsAt < b.endsAt && b.startsAt < s.endsAt));
    expect(free.length).toBeGreaterThan(50);
    expect(free.length).toBeLessThan(all.length - 50);
    expect(iso(withBlocks)).toEqual(iso(free));
  });
});
