import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { devOutboxPage } from "~/dev/pages.server";

export const meta: MetaFunction = () => [{ title: "Dev: outbox and appointments" }, { name: "robots", content: "noindex" }];

export const loader = () => devOutboxPage();

export default function DevOutbox() {
  const { mails, texts, visits } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>Outbox and appointments (development only)</h1>
      <h2>Outbox emails</h2>
      <table className="dev-table" id="outbox">
        <thead>
          <tr>
            <th scope="col">To</th>
            <th scope="col">Subject</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">Parts and attachments</th>
          </tr>
        </thead>
        <tbody>
          {mails.map((m) => (
            <tr key={m.id}>
              <td>{m.to}</td>
              <td>{m.subject}</td>
              <td>{m.status}</td>
              <td>{m.createdAt}</td>
              <td>
                <a href={`/dev/outbox/${m.id}/email.txt`}>Text</a>
                {m.html ? (
                  <>
                    {" · "}
                    <a href={`/dev/outbox/${m.id}/email.html`}>HTML</a>
                  </>
                ) : null}
                {m.attachments.map((a) => (
                  <span key={a.name}>
                    {" · "}
                    <a href={`/dev/outbox/${m.id}/${a.name}`}>{a.name}</a> ({a.type}, {a.bytes} bytes)
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {mails.length > 0 ? (
        <>
          <h2>Latest email</h2>
          <p>
            <strong>{mails[0].subject}</strong> to {mails[0].to}
          </p>
          <h3>Text</h3>
          <pre className="dev-pre">{mails[0].text}</pre>
          {mails[0].html ? (
            <details>
              <summary>HTML source (download the HTML link above to see it rendered)</summary>
              <pre className="dev-pre">{mails[0].html}</pre>
            </details>
          ) : null}
        </>
      ) : null}
      <h2>Outbox texts</h2>
      <p>
        Without Twilio settings texts wait here (PENDING) and nothing leaves the machine. Reply as a patient on <a href="/dev/sms">/dev/sms</a>.
      </p>
      <table className="dev-table" id="texts">
        <thead>
          <tr>
            <th scope="col">To</th>
            <th scope="col">Kind</th>
            <th scope="col">Text</th>
            <th scope="col">Segments</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {texts.map((t) => (
            <tr key={t.id}>
              <td>{t.to}</td>
              <td>{t.kind}</td>
              <td>{t.body}</td>
              <td>{t.segments}</td>
              <td>
                {t.status}
                {t.skipped ? ` (${t.skipped})` : ""}
                {t.delivery ? `, ${t.delivery}` : ""}
                {t.status === "PENDING" && t.sendAt > t.createdAt ? `, at ${t.sendAt}` : ""}
              </td>
              <td>{t.createdAt}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Latest appointments</h2>
      <table className="dev-table" id="appointments">
        <thead>
          <tr>
            <th scope="col">Token</th>
            <th scope="col">Studio</th>
            <th scope="col">Service</th>
            <th scope="col">Starts</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {visits.map((v) => (
            <tr key={v.token}>
              <td>
                <a href={`/booking/confirmed/${v.token}`}>{v.token}</a>
              </td>
              <td>{v.studio}</td>
              <td>{v.service}</td>
              <td>{v.startsAt}</td>
              <td>{v.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
