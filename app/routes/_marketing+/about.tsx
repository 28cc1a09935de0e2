import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "About us — Studio Dental" }];

export default function About() {
  return (
    <div className="page narrow">
      <h1>About us</h1>
      <p className="lead">We run modern dental studios in five US markets, with evening and Saturday hours.</p>
      <p>
        Our dentists, hygienists and orthodontists see patients for checkups and cleanings, whitening, Invisalign and
        braces consults, cosmetic and restorative consults, and same-day emergencies.
      </p>
      <h2>Insurance</h2>
      <p>
        We accept most major PPO plans, including Aetna, Cigna, Delta Dental, Guardian and MetLife. Some plans are not
        accepted, including Medicaid, Medicare Advantage, Healthplex, HMOs and DMOs; if yours is not accepted, we contact
        you ahead of your visit.
      </p>
    </div>
  );
}
