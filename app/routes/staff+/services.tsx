import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listServices, PROVIDER_ROLE_LABELS, SHAPERS } from "~/console/availability.server";
import { requireStaff } from "~/console/staff.server";
import { getDb } from "~/db/client.server";
import { formatUsd } from "~/rules/currency";
import { ConsolePage } from "~/ui/console";
import { AvailabilityNav } from "~/ui/console-availability";

export const meta: MetaFunction = () => [{ title: "Services — Studio console" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request, SHAPERS);
  const saved = new URL(request.url).searchParams.get("saved");
  const services = await listServices(await getDb());
  return json({
    studios: user.studios.map((s) => ({ slug: s.slug, name: s.name })),
    canEdit: user.role === "admin",
    saved: services.find((s) => s.code === saved)?.name ?? null,
    services: services.map((s) => ({
      code: s.code,
      name: s.name,
      minutes: s.durationMinutes,
      price: s.priceCents === null ? "—" : s.priceCents === 0 ? "Free" : formatUsd(s.priceCents),
      roles: s.providerRoles.map((r) => PROVIDER_ROLE_LABELS[r as keyof typeof PROVIDER_ROLE_LABELS] ?? r).join(", "),
    })),
  });
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
