import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useParams } from "@remix-run/react";
import { requireStaff } from "~/console/staff.server";
import { intakeForStaff } from "~/console/visit.server";
import { ConsolePage } from "~/ui/console";

export const meta: MetaFunction = () => [{ title: "Intake — Studio console" }];

/** Health data: each view is a line in the audit log (who, when, which visit). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const record = await intakeForStaff(user, params.id);
  return json(record);
}

function Rows({ rows }: { rows: { key: string; value: string }[] }) {
  return (
    <dl className="console-dl">
      {rows.map((row) => (
        <div key={row.key} style={{ display: "contents" }}>
          <dt>{row.key}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function StaffIntake() {
  const { health, insurance, photos } = useLoaderData<typeof loader>();
  const { id } = useParams();
  return (
    <ConsolePage title="Intake answers">
      <p>
        <Link to={`/staff/visits/${id}`}>← Back to the visit</Link>
      </p>
      <h2>Health history</h2>
      {health ? <Rows rows={health.rows} /> : <p>Not on file for this visit.</p>}
      <h2>Insurance</h2>
      {insurance ? <Rows rows={insurance.rows} /> : <p>Not on file for this visit.</p>}
      {photos.front || photos.back ? (
        <>
          <h2>Insurance card</h2>
          <ul className="card-thumbnails">
            {(["front", "back"] as const)
              .filter((side) => photos[side])
              .map((side) => (
                <li key={side}>
                  <a href={`/staff/visits/${id}/card/${side}`}>
                    <img src={`/staff/visits/${id}/card/${side}?size=thumbnail`} alt={`Insurance card, ${side}`} width={320} />
                  </a>
                </li>
              ))}
          </ul>
        </>
      ) : null}
    </ConsolePage>
  );
}
