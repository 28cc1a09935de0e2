import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SHAPERS } from "~/console/availability.server";
import { servicesPage } from "~/console/availability-pages.server";
import { requireStaff } from "~/console/staff.server";
import { ConsolePage } from "~/ui/console";
import { AvailabilityNav } from "~/ui/console-availability";

export const meta: MetaFunction = () => [{ title: "Services — Studio console" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request, SHAPERS);
  return json(await servicesPage(user, new URL(request.url).searchParams.get("saved")));
}

export default function Services() {
  const { studios, canEdit, saved, services } = useLoaderData<typeof loader>();
  return (
    <ConsolePage title="Services">
      <AvailabilityNav current="services" studio={null} studios={studios} />
      {saved ? (
        <p className="notice notice-success" role="status">
          {saved} is saved. Patients see the new length and price now.
        </p>
      ) : null}
      <p>
        One list for every studio: a visit’s length sets the times offered, its price is the self-pay price patients see, and the kinds of provider who offer it decide whose hours count.
        {canEdit ? null : " An admin changes these for the whole chain."}
      </p>
      <div className="table-scroll">
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">Service</th>
              <th scope="col">Length</th>
              <th scope="col">Price</th>
              <th scope="col">Offered by</th>
              {canEdit ? (
                <th scope="col">
                  <span className="visually-hidden">Change</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {services.map((s) => (
              <tr key={s.code}>
                <th scope="row">{s.name}</th>
                <td>{s.minutes} min</td>
                <td>{s.price}</td>
                <td>{s.roles}</td>
                {canEdit ? (
                  <td>
                    <Link to={`/staff/services/${s.code}`}>
                      Change<span className="visually-hidden"> {s.name}</span>
                    </Link>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ConsolePage>
  );
}
