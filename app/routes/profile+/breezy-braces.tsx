import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { accountVisitRows } from "~/account/profile.server";
import { referralCodeOf, referralLink } from "~/account/referral.server";
import { authHeaders, PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { QUIZ_RESULTS, type QuizResult } from "~/booking/options";
import { i18nOf } from "~/i18n/locale.server";
import { metaT, Trans, useT } from "~/i18n/use-t";
import { VisitList } from "~/ui/profile";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account.braces.metaTitle") }, { name: "robots", content: "noindex" }];
export const headers = authHeaders;

const RESULT: Record<QuizResult, { name: string; detail: string; service: string }> = {
  invisalign: { name: "account.braces.quiz.invisalign", detail: "account.braces.quiz.invisalignDetail", service: "INVISALN" },
  braces: { name: "account.braces.quiz.braces", detail: "account.braces.quiz.bracesDetail", service: "BRACESCON" },
  "smile-straightening": { name: "account.braces.quiz.smile", detail: "account.braces.quiz.smileDetail", service: "INVISALN" },
};
const isQuizResult = (value: unknown): value is QuizResult => (QUIZ_RESULTS as readonly unknown[]).includes(value);

/** `/profile/breezy-braces`: the patient's orthodontic journey: consults, the quiz's suggestion, what's next, their braces link. */
export async function loader({ request }: LoaderFunctionArgs) {
  const patient = await requirePatient(request);
  const { locale, t } = i18nOf(request);
  const [consults, code] = await Promise.all([accountVisitRows(patient.personId, new Date(), (v) => v.serviceCategory === "ortho", locale), referralCodeOf(patient.personId)]);
  // The newest booking's answer (visits come latest first).
  const quiz = consults.visits.map((v) => v.details.quizResult).find(isQuizResult) ?? null;
  return json(
    {
      upcoming: consults.upcoming,
      past: consults.past,
      quiz: quiz ? { name: t(RESULT[quiz].name), detail: t(RESULT[quiz].detail), book: `/booking?service=${RESULT[quiz].service}` } : null,
      link: referralLink(code, "breezybraces"),
    },
    { headers: PRIVATE_PAGE },
  );
}

export default function BreezyBraces() {
  const { upcoming, past, quiz, link } = useLoaderData<typeof loader>();
  const next = upcoming[0];
  const t = useT();
  return (
    <>
      <h1>Breezy Braces</h1>
      <p className="lead">{t("account.braces.lead")}</p>

      <section className="profile-section" aria-labelledby="next-title">
        <h2 id="next-title">{t("account.braces.nextTitle")}</h2>
        {quiz ? (
          <div className="quiz-result">
            <p>
              <Trans k="account.braces.quizSuggested" vars={{ name: quiz.name }} tags={{ strong: <strong /> }} /> {quiz.detail}
            </p>
          </div>
        ) : null}
        {next ? (
          <>
            <p>
              <Trans k="account.braces.booked" vars={{ service: next.service, when: next.when, studio: next.studio }} tags={{ service: <strong />, when: <strong /> }} />
            </p>
            <p>
              <Link to={next.href} className="button">
                {t("account.braces.seeVisit")}
              </Link>
            </p>
          </>
        ) : quiz ? (
          <p>
            <Link to={quiz.book} className="button">
              {t(past.length ? "account.braces.bookFollowUp" : "account.braces.bookMine")}
            </Link>
          </p>
        ) : (
          <>
            <p>{t("account.braces.firstStep")}</p>
            <div className="actions-row">
              <Link to="/booking?service=INVISALN" className="button">
                {t("account.braces.bookInvisalign")}
              </Link>
              <Link to="/booking?service=BRACESCON" className="button button-secondary">
                {t("account.braces.bookBraces")}
              </Link>
            </div>
          </>
        )}
      </section>

      <section className="profile-section" aria-labelledby="consults-title">
        <h2 id="consults-title">{t("account.braces.consults")}</h2>
        <VisitList visits={[...upcoming, ...past]} empty={t("account.braces.noConsults")} />
      </section>

      <section className="profile-section" aria-labelledby="share-title">
        <h2 id="share-title">{t("account.braces.shareTitle")}</h2>
        <p>{t("account.braces.shareLead")}</p>
        <div className="field">
          <label htmlFor="braces-link">{t("account.braces.linkLabel")}</label>
          <input id="braces-link" type="text" readOnly value={link} className="referral-link" />
        </div>
        <p>
          <Link to="/invite-a-friend">{t("account.braces.more")}</Link>
        </p>
      </section>
    </>
  );
}
