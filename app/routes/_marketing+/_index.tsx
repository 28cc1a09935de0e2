import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [
  { title: "Studio Dental — book a checkup, whitening or consult" },
  { name: "description", content: "Book a dental visit at a studio near you in Washington DC, New York City, Boston, Atlanta or Nashville." },
];

export default function Home() {
  return (
    <div className="page">
      <section className="hero">
        <h1>Dental care that fits your day</h1>
        <p className="lead">
          Checkups, whitening, Invisalign and emergency visits at studios in Washington DC, New York City, Boston, Atlanta
          and Nashville.
        </p>
        <p>
          <Link className="button" to="/booking">
            Book a visit
          </Link>
        </p>
      </section>
      <h2>Popular visits</h2>
      <ul>
        <li>
          <Link to="/booking?service=CLNCHK">Checkup &amp; cleaning</Link>
        </li>
        <li>
          <Link to="/booking?service=WHTNG">Teeth whitening</Link>
        </li>
        <li>
          <Link to="/booking/ortho-markets">Invisalign and smile straightening</Link>
        </li>
        <li>
          <Link to="/booking?service=EMERG">Emergency visit</Link>
        </li>
      </ul>
    </div>
  );
}
