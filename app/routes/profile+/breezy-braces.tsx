import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { accountVisitRows } from "~/account/profile.server";
import { referralCodeOf, referralLink } from "~/account/referral.server";
import { authHeaders, PRIVATE_PAGE } from "~/auth/headers";
import { requirePatient } from "~/auth/sessions.server";
import { QUIZ_RESULTS, type QuizResult } from "~/booking/options";
import { VisitList } from "~/ui/profile";

export const meta: MetaFunction = () => [{ title: "Your Breezy Braces rewards — Studio Dental" }, { name: "robots", content: "noindex" }];
export const headers = authHeaders();

const RESULT: Record<QuizResult, { name: string; detail: string; service: string }> = {
  invisalign: { name: "Invisalign", detail: "Clear, removable aligners that are nearly invisible.", service: "INVISALN" },
  braces: { name: "Braces", detail: "Metal or tooth-coloured ceramic braces: the most dependable fix for bite problems.", service: "BRACESCON" },
  "smile-straightening": { name: "Smile straightening", detail: "An orthodontist looks at your teeth and bite and recommends aligners or braces.", service: "INVISALN" },
};
const isQuizResult = (value: unknown): value is QuizResult => (QUIZ_RESULTS as readonly unknown[]).includes(value);

/** `/profile/breezy-braces`: the patient's orthodontic journey: consults, the quiz's suggestion, what's next, their braces link. */
export async function loader({ request }: LoaderFunctionArgs) {
  const patient = await requirePatient(request);
  const [consults, code] = await Promise.all([accountVisitRows(patient.personId, new Date(), (v) => v.serviceCategory === "ortho"), referralCodeOf(patient.personId)]);
  // The newest booking's answer (visits come latest first).
  const quiz = consults.visits.map((v) => v.details.quizResult).find(isQuizResult) ?? null;
  return json(
    {
      upcoming: consults.upcoming,
      past: consults.past,
      quiz: quiz ? { name: RESULT[quiz].name, detail: RESULT[quiz].detail, book: `/booking?service=${RESULT[quiz].service}` } : null,
      link: referralLink(code, "breezybraces"),
    },
    { headers: PRIVATE_PAGE },
  );
}

export default function BreezyBraces() {
  const { upcoming, past, quiz, link } = useLoaderData<typeof loader>();
  const next = upcoming[0];
  return (
    <>
      <h1>Breezy Braces</h1>
      <p className="lead">Your path to a straighter smile: your consults, what our quiz suggested, and what comes next.</p>

      <section className="profile-section" aria-labelledby="next-title">
        <h2 id="next-title">Your next step</h2>
        {quiz ? (
          <div className="quiz-result">
            <p>
              Our quiz suggested <strong>{quiz.name}</strong>. {quiz.detail}
            </p>
          </div>
        ) : null}
        {next ? (
          <>
            <p>
              Your <strong>{next.service}</strong> is booked for <strong>{next.when}</strong> at {next.studio}.
            </p>
            <p>
              <Link to={next.href} className="button">
                See your visit
              </Link>
            </p>
          </>
        ) : quiz ? (
          <p>
            <Link to={quiz.book} className="button">
              {past.length ? "Book a follow-up consult" : "Book my consult"}
            </Link>
          </p>
        ) : (
          <>
            <p>A free consult with an orthodontist is the first step: a 3D scan, a look at your bite, and a plan with its price.</p>
            <div className="actions-row">
              <Link to="/booking?service=INVISALN" className="button">
                Book an Invisalign consult
              </Link>
              <Link to="/booking?service=BRACESCON" className="button button-secondary">
                Book a braces consult
              </Link>
            </div>
          </>
        )}
      </section>

      <section className="profile-section" aria-labelledby="consults-title">
        <h2 id="consults-title">Your consults</h2>
        <VisitList visits={[...upcoming, ...past]} empty="No orthodontic consults yet." />
      </section>

      <section className="profile-section" aria-labelledby="share-title">
        <h2 id="share-title">Share Breezy Braces</h2>
        <p>Friends who book with your personal link get a reward, and so do you after their visit.</p>
        <div className="field">
          <label htmlFor="braces-link">Your personal Breezy Braces link</label>
          <input id="braces-link" type="text" readOnly value={link} className="referral-link" />
        </div>
        <p>
          <Link to="/invite-a-friend">More ways to invite a friend, and the terms</Link>
        </p>
      </section>
    </>
  );
}
