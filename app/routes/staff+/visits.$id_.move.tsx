import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { readFormPost } from "~/flow/forms.server";
import { requireStaff } from "~/console/staff.server";
import { movePicker, movePost } from "~/console/visit.server";
import { ConsoleForm, ConsolePage } from "~/ui/console";
import { TextField } from "~/ui/form";
import { TimePickerMore, TimePickerNav, TimePickerSlots } from "~/ui/time-picker";

export const meta: MetaFunction = () => [{ title: "Move a visit — Studio console" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  return json(await movePicker(user, params.id, new URL(request.url)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const { form } = await readFormPost(request);
  return movePost(user, params.id, form);
}

export default function MoveVisit() {
  const { visit, picker } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <ConsolePage title={`Move ${visit.patient}’s visit`}>
      <p>
        {visit.service}, now {visit.when}. <Link to={`/staff/visits/${visit.id}`}>Back to the visit</Link>
      </p>
      {picker ? (
        <>
          <p>Free times at {visit.studio}, in the studio’s local time. The patient is emailed the new time with the calendar update.</p>
          <TimePickerNav data={picker} />
          <ConsoleForm result={result} submitLabel="Move the visit to this time">
            <input type="hidden" name="sequence" value={visit.sequence} />
            <TimePickerSlots data={picker} />
            <TextField name="note" label="Note (optional)" multiline />
          </ConsoleForm>
          <TimePickerMore data={picker} />
        </>
      ) : (
        <p className="notice">This visit can no longer be moved (it has begun, passed or been cancelled), or its studio no longer takes bookings.</p>
      )}
    </ConsolePage>
  );
}
