import { json } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { i18nOf } from "~/i18n/locale.server";
import { formatUsd } from "~/rules/currency";
import { getService, listBookableStudios } from "~/scheduling/catalogue.server";
import { priceLineOfGroup } from "~/scheduling/prices";
import { CATEGORIES, COSMETIC_CHOICES, COSMETIC_CONSULT_CODES, PROCEDURE_SERVICE, PROCEDURES, type Category, type Procedure, type ServiceCode } from "./options";
import { openStep } from "./step.server";

/**
 * The loaders of the booking's choice and information steps (services, procedures, cosmetic, cosmetic consult,
 * whitening, emergency; decision 069): each step's choices in the reader's words with their price lines, read from
 * the catalogue in the database, as booked.
 */

type ChoiceWords = { label: string; detail?: string };
type Offered<V extends string> = ChoiceWords & { value: V; codes: readonly ServiceCode[] };

/** Each choice translated, with one price line for the services it leads to (theirs if they agree, else "From $X"). */
async function pricedChoices<V extends string>(request: Request, offered: Offered<V>[]) {
  const { t, locale } = i18nOf(request);
  const db = await getDb();
  return Promise.all(
    offered.map(async ({ value, label, detail, codes }) => {
      const services = (await Promise.all(codes.map((code) => getService(db, code)))).filter((s) => s !== null);
      return { value, label: t(label), detail: detail && t(detail), price: services.length ? priceLineOfGroup(services, t, locale) : undefined };
    }),
  );
}

/** The services each category can lead to, for its price line. */
const CATEGORY_SERVICES: Record<Category, readonly ServiceCode[]> = {
  cleaning: ["CLNCHK"],
  whitening: ["WHTNG"],
  emergency: ["EMERG"],
  cosmetic: [...COSMETIC_CONSULT_CODES, "WHTNG"],
  procedures: Object.values(PROCEDURE_SERVICE),
  ortho: ["INVISALN", "BRACESCON"],
};

const CATEGORY_WORDS: Record<Category, ChoiceWords> = {
  cleaning: { label: "booking.services.cleaning", detail: "booking.services.cleaningDetail" },
  whitening: { label: "booking.services.whitening", detail: "booking.services.whiteningDetail" },
  emergency: { label: "booking.services.emergency", detail: "booking.services.emergencyDetail" },
  cosmetic: { label: "booking.services.cosmetic", detail: "booking.services.cosmeticDetail" },
  procedures: { label: "booking.services.procedures", detail: "booking.services.proceduresDetail" },
  ortho: { label: "booking.services.ortho", detail: "booking.services.orthoDetail" },
};

export async function servicesStep(request: Request) {
  const { state, back, title } = await openStep(request, "services");
  const choices = await pricedChoices(request, CATEGORIES.map((value) => ({ value, ...CATEGORY_WORDS[value], codes: CATEGORY_SERVICES[value] })));
  return json({ back, title, category: state.category ?? null, choices });
}

const PROCEDURE_WORDS: Record<Procedure, ChoiceWords> = {
  general: { label: "booking.service.GENOCON", detail: "booking.procedures.generalDetail" },
  implant: { label: "booking.service.IMPCON", detail: "booking.procedures.implantDetail" },
  crown: { label: "booking.service.CRNCON", detail: "booking.procedures.crownDetail" },
  bridge: { label: "booking.service.BRGCON", detail: "booking.procedures.bridgeDetail" },
};

export async function proceduresStep(request: Request) {
  const { state, back, title } = await openStep(request, "procedures");
  const choices = await pricedChoices(request, PROCEDURES.map((value) => ({ value, ...PROCEDURE_WORDS[value], codes: [PROCEDURE_SERVICE[value]] })));
  return json({ back, title, procedure: state.procedure ?? null, choices });
}

type ConsultCode = (typeof COSMETIC_CONSULT_CODES)[number];
const CONSULT_WORDS: Record<ConsultCode, ChoiceWords> = {
  COSCON: { label: "booking.cosmeticConsult.coscon", detail: "booking.cosmeticConsult.cosconDetail" },
  BOTOXCON: { label: "booking.cosmeticConsult.botox", detail: "booking.cosmeticConsult.botoxDetail" },
};
const isConsultCode = (code: unknown): code is ConsultCode => (COSMETIC_CONSULT_CODES as readonly unknown[]).includes(code);

export async function cosmeticConsultStep(request: Request) {
  const { state, back, title } = await openStep(request, "cosmetic-consult");
  const choices = await pricedChoices(request, COSMETIC_CONSULT_CODES.map((value) => ({ value, ...CONSULT_WORDS[value], codes: [value] })));
  return json({ back, title, serviceType: isConsultCode(state.serviceType) ? state.serviceType : null, choices });
}

export async function cosmeticStep(request: Request) {
  const { state, back, title } = await openStep(request, "cosmetic");
  const whiteningPrice = (await getService(await getDb(), "WHTNG"))?.priceCents;
  const { t, locale } = i18nOf(request);
  const words: Record<(typeof COSMETIC_CHOICES)[number], ChoiceWords> = {
    consult: { label: t("booking.cosmetic.consult"), detail: t("booking.cosmetic.consultDetail") },
    whitening: {
      label: t("booking.service.WHTNG"),
      detail: whiteningPrice ? t("booking.cosmetic.whiteningPriced", { price: formatUsd(whiteningPrice, { locale }) }) : t("booking.cosmetic.whiteningDetail"),
    },
  };
  const choices = COSMETIC_CHOICES.map((value) => ({ value, ...words[value] }));
  return json({ back, title, cosmeticChoice: state.cosmeticChoice ?? null, choices });
}

export async function whiteningStep(request: Request) {
  const { back, title } = await openStep(request, "whitening");
  const whitening = await getService(await getDb(), "WHTNG");
  return json({
    back,
    title,
    price: formatUsd(whitening?.priceCents ?? 49900, { locale: i18nOf(request).locale }),
    minutes: whitening?.durationMinutes ?? 90,
  });
}

export async function emergencyStep(request: Request) {
  const { state, back, title } = await openStep(request, "emergency");
  const db = await getDb();
  const emergency = await getService(db, "EMERG");
  // The studios of the patient's city that see emergencies, with the number to call now.
  const studios = state.market && emergency ? await listBookableStudios(db, state.market, emergency) : [];
  return json({ back, title, studios: studios.filter((s) => s.phone && !s.isVirtual).map((s) => ({ slug: s.slug, name: s.name, phone: s.phone })) });
}
