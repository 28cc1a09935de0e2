/**
 * The intake forms' schemas (zod, on the server only: never in the browser bundle). Each answers a
 * rejected post with one message per field; the route answers 400 with the form re-rendered.
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
      carrier: z.enum([...CARRIER_VALUES, SELF_PAY] as [string, ...string[]], "Choose your dental insurance, or that you don’t have any."),
      planName: text(80, "A plan name has at most 80 characters."),
      planType: z.enum(values(PLAN_TYPES), "Choose the type of plan, or “I’m not sure”.").optional(),
      memberId: z
        .string()
        .max(40, "A member ID has at most 30 letters and numbers.")
        .transform((v) => v.replace(/\s+/g, "").toUpperCase())
        .pipe(z.string().regex(/^[A-Za-z0-9-]{1,30}$/, "A member ID has only letters, numbers and dashes (at most 30)."))
        .optional(),
      groupNumber: z
        .string()
        .max(40, "A group number has at most 30 letters and numbers.")
        .transform((v) => v.replace(/\s+/g, "").toUpperCase())
        .pipe(z.string().regex(/^[A-Za-z0-9-]{0,30}$/, "A group number has only letters, numbers and dashes (at most 30)."))
        .optional(),
      relationship: z.enum(values(RELATIONSHIPS), "Choose whose plan it is.").optional(),
      subscriberName: text(100, "A name has at most 100 characters."),
      subscriberDob: z.string().optional(),
    })
    .superRefine((v, ctx) => {
      if (v.carrier === SELF_PAY) return;
      const need = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (v.carrier === "OTHER" && !v.planName) need("planName", "Enter the name of your plan, as it is on your card.");
      if (!v.planType) need("planType", "Choose the type of plan, or “I’m not sure”.");
      if (!v.memberId) need("memberId", "Enter the member ID from your insurance card.");
      if (!v.relationship) need("relationship", "Choose whose plan it is.");
      if (v.relationship && v.relationship !== "self") {
        if (!v.subscriberName) need("subscriberName", "Enter the name of the person whose plan it is.");
        if (!v.subscriberDob) need("subscriberDob", "Enter their date of birth.");
        else if (!isPastDate(v.subscriberDob)) need("subscriberDob", "Enter a real date of birth in the past, like 1980-03-27.");
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
        .array(z.enum([...values(CONDITIONS), NO_CONDITIONS], "Choose from the list."), "Choose the conditions you have, or “None of these”.")
        .min(1, "Choose the conditions you have, or “None of these”.")
        .max(CONDITIONS.length + 1),
      otherConditions: text(500, "Keep this to 500 characters."),
      takesMedications: oneOf(YES_NO, "Say whether you take any medicines."),
      medications: text(1000, "Keep this to 1,000 characters."),
      hasAllergies: oneOf(YES_NO, "Say whether you have any allergies."),
      allergens: z.array(z.enum(values(ALLERGENS), "Choose from the list.")).max(ALLERGENS.length).optional(),
      otherAllergies: text(300, "Keep this to 300 characters."),
      allergyReactions: text(500, "Keep this to 500 characters."),
      pregnancy: oneOf(PREGNANCY, "Say whether you are pregnant or nursing, or that it doesn’t apply."),
      tobacco: oneOf(TOBACCO, "Say whether you use tobacco."),
      premedication: oneOf(PREMEDICATION, "Say whether a doctor advised antibiotics before dental visits."),
    })
    .superRefine((v, ctx) => {
      const need = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (v.conditions.includes(NO_CONDITIONS) && v.conditions.length > 1) {
        need("conditions", "Choose “None of these” or the conditions you have, not both.");
      }
      if (v.takesMedications === "yes" && !v.medications) need("medications", "List the medicines you take, with the dose if you know it.");
      if (v.hasAllergies === "yes") {
        if (!v.allergens?.length && !v.otherAllergies) need("allergens", "Choose what you are allergic to, or write it under “Other allergies”.");
        if (!v.allergyReactions) need("allergyReactions", "Tell us what happens when you have the reaction.");
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
