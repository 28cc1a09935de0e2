/**
 * The intake forms' schemas (zod, on the server only: never in the browser bundle). Each answers a
 * rejected post with one message per field (a catalogue key, worded in the reader's language by submitStep); the route answers 400 with the form re-rendered.
 */
import { z } from "zod/v4";
import { CARRIER_VALUES } from "~/rules/insurance";
import { ALLERGENS, CONDITIONS, NO_CONDITIONS, PLAN_TYPES, PREGNANCY, PREMEDICATION, RELATIONSHIPS, SELF_PAY, TOBACCO, YES_NO } from "./options";
import type { HealthHistory, IntakeInsurance } from "./flow";

const values = <T extends readonly { value: string }[]>(list: T) => list.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]];
const text = (max: number, message: string) => z.string().trim().max(max, message).optional();

/** A calendar date in the past, after 1900 (a subscriber's date of birth). */
function isPastDate(value: string, today = new Date().toISOString().slice(0, 10)) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && value >= "1900-01-01" && value <= today;
}

export function providerSchema() {
  return z
    .object({
      carrier: z.enum([...CARRIER_VALUES, SELF_PAY] as [string, ...string[]], "intake.errors.carrier"),
      planName: text(80, "intake.errors.planNameMax"),
      planType: z.enum(values(PLAN_TYPES), "intake.errors.planType").optional(),
      memberId: z
        .string()
        .max(40, "intake.errors.memberIdMax")
        .transform((v) => v.replace(/\s+/g, "").toUpperCase())
        .pipe(z.string().regex(/^[A-Za-z0-9-]{1,30}$/, "intake.errors.memberIdFormat"))
        .optional(),
      groupNumber: z
        .string()
        .max(40, "intake.errors.groupMax")
        .transform((v) => v.replace(/\s+/g, "").toUpperCase())
        .pipe(z.string().regex(/^[A-Za-z0-9-]{0,30}$/, "intake.errors.groupFormat"))
        .optional(),
      relationship: z.enum(values(RELATIONSHIPS), "intake.errors.relationship").optional(),
      subscriberName: text(100, "intake.errors.nameMax"),
      subscriberDob: z.string().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.carrier === SELF_PAY) return;
      const need = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (v.carrier === "OTHER" && !v.planName) need("planName", "intake.errors.planName");
      if (!v.planType) need("planType", "intake.errors.planType");
      if (!v.memberId) need("memberId", "intake.errors.memberId");
      if (!v.relationship) need("relationship", "intake.errors.relationship");
      if (v.relationship && v.relationship !== "self") {
        if (!v.subscriberName) need("subscriberName", "intake.errors.subscriberName");
        if (!v.subscriberDob) need("subscriberDob", "intake.errors.subscriberDob");
        else if (!isPastDate(v.subscriberDob)) need("subscriberDob", "intake.errors.subscriberDobPast");
      }
    });
}

export function toInsurance(v: z.output<ReturnType<typeof providerSchema>>): IntakeInsurance {
  if (v.carrier === SELF_PAY) return { kind: "none" };
  const subscriber =
    v.relationship && v.relationship !== "self"
      ? { relationship: v.relationship, name: v.subscriberName ?? "", dateOfBirth: v.subscriberDob ?? "" }
      : ({ relationship: "self" } as const);
  return {
    kind: "carrier",
    carrier: v.carrier,
    ...(v.carrier === "OTHER" && v.planName ? { planName: v.planName } : {}),
    planType: v.planType ?? "NOT_SURE",
    memberId: v.memberId ?? "",
    ...(v.groupNumber ? { groupNumber: v.groupNumber } : {}),
    subscriber,
  };
}

/** The card page's text fields (the photos themselves go through the photo pipeline). */
export function cardSchema() {
  return z.object({ later: z.literal("on").optional() });
}

export function healthSchema() {
  const oneOf = <T extends readonly { value: string }[]>(list: T, message: string) => z.enum(values(list), message);
  return z
    .object({
      conditions: z
        .array(z.enum([...values(CONDITIONS), NO_CONDITIONS], "intake.errors.fromList"), "intake.errors.conditions")
        .min(1, "intake.errors.conditions")
        .max(CONDITIONS.length + 1),
      otherConditions: text(500, "intake.errors.max500"),
      takesMedications: oneOf(YES_NO, "intake.errors.takesMedications"),
      medications: text(1000, "intake.errors.max1000"),
      hasAllergies: oneOf(YES_NO, "intake.errors.hasAllergies"),
      allergens: z.array(z.enum(values(ALLERGENS), "intake.errors.fromList")).max(ALLERGENS.length).optional(),
      otherAllergies: text(300, "intake.errors.max300"),
      allergyReactions: text(500, "intake.errors.max500"),
      pregnancy: oneOf(PREGNANCY, "intake.errors.pregnancy"),
      tobacco: oneOf(TOBACCO, "intake.errors.tobacco"),
      premedication: oneOf(PREMEDICATION, "intake.errors.premedication"),
    })
    .superRefine((v, ctx) => {
      const need = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (v.conditions.includes(NO_CONDITIONS) && v.conditions.length > 1) {
        need("conditions", "intake.errors.noneAndConditions");
      }
      if (v.takesMedications === "yes" && !v.medications) need("medications", "intake.errors.medications");
      if (v.hasAllergies === "yes") {
        if (!v.allergens?.length && !v.otherAllergies) need("allergens", "intake.errors.allergens");
        if (!v.allergyReactions) need("allergyReactions", "intake.errors.allergyReactions");
      }
    });
}

export function toHealth(v: z.output<ReturnType<typeof healthSchema>>): HealthHistory {
  const allergic = v.hasAllergies === "yes";
  return {
    conditions: v.conditions,
    ...(v.otherConditions ? { otherConditions: v.otherConditions } : {}),
    takesMedications: v.takesMedications,
    ...(v.takesMedications === "yes" && v.medications ? { medications: v.medications } : {}),
    hasAllergies: v.hasAllergies,
    allergens: allergic ? (v.allergens ?? []) : [],
    ...(allergic && v.otherAllergies ? { otherAllergies: v.otherAllergies } : {}),
    ...(allergic && v.allergyReactions ? { allergyReactions: v.allergyReactions } : {}),
    pregnancy: v.pregnancy,
    tobacco: v.tobacco,
    premedication: v.premedication,
  };
}

/** An information page (the plan check's result, check your answers): nothing to answer. */
export const infoSchema = () => z.object({});
