import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { homeOf } from "~/console/scope.server";
import { requireStaff } from "~/console/staff.server";
import { ConsolePage } from "~/ui/console";

export const meta: MetaFunction = () => [{ title: "Studio console" }];

/** /staff: the first studio's day today (or sign in first). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const home = homeOf(user);
  if (home) throw redirect(home);
  return null;
}

export default function ConsoleHome() {
  return (
    <ConsolePage title="No studio yet">
      <p>Your account is not assigned to a studio. Ask an admin to add one.</p>
    </ConsolePage>
  );
}
