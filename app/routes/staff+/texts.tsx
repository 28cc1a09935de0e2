import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/console/staff.server";
import { textsInbox } from "~/console/texts.server";
import { ConsolePage, Tag } from "~/ui/console";

export const meta: MetaFunction = () => [{ title: "Texts — Studio console" }];

/** The viewer's studios' texts: conversations waiting for a person first (no message text here: opening one is audited). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  return json(await textsInbox(user, new URL(request.url).searchParams.get("studio")));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["waiting"][number];

function Threads({ caption, rows, waiting, showStudio }: { caption: string; rows: Row[]; waiting: boolean; showStudio: boolean }) {
  return (
    <div className="table-scroll">
      <table className="console-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            {showStudio ? <th scope="col">Studio</th> : null}
            <th scope="col">{waiting ? "Waiting since" : "Last reply"}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.href}>
              <th scope="row">
                <Link to={t.href} className="sms-phone">
                  {t.phone}
                </Link>
                {waiting ? (
                  <>
                    {" "}
                    <Tag tone="warn">Waiting</Tag>
                  </>
                ) : null}
              </th>
              {showStudio ? <td>{t.studio}</td> : null}
              <td>{waiting ? t.waitingSince : t.lastReply}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function TextsInbox() {
  const { studios, studio, waiting, recent } = useLoaderData<typeof loader>();
  const showStudio = studio === null && studios.length > 1;
  return (
    <ConsolePage title="Texts from patients">
      <p>
        Replies the system could not answer itself (anything but C, R, STOP, START and HELP). Open one to read it and answer: your answer is sent as a
        text from the studio. Each opening is recorded in the audit log.
      </p>
      {studios.length > 1 ? (
        <form method="get" className="day-nav" aria-label="Studio">
          <div className="field">
            <label htmlFor="studio">Studio</label>
            <select id="studio" name="studio" defaultValue={studio ?? ""}>
              <option value="">All my studios</option>
              {studios.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button-secondary button-small">
            Show
          </button>
        </form>
      ) : null}
      {waiting.length ? (
        <Threads caption={`Waiting for an answer (${waiting.length})`} rows={waiting} waiting showStudio={showStudio} />
      ) : (
        <p className="notice notice-success" role="status">
          No text is waiting for an answer.
        </p>
      )}
      {recent.length ? <Threads caption="Answered lately" rows={recent} waiting={false} showStudio={showStudio} /> : null}
    </ConsolePage>
  );
}
