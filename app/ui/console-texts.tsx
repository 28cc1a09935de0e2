import { Tag } from "./console";

export type DrawnText = { key: string; direction: "in" | "out"; at: string; body: string; who: string; note: string | null; state: string | null; tone: "good" | "warn" | "bad" | null };

/**
 * A conversation by text, oldest first: the patient's replies on the left, our texts on the right, each with who,
 * when (the studio's clock) and, for ours, the delivery state. A list: a screen reader hears who said what, in order.
 */
export function TextThread({ messages, label }: { messages: DrawnText[]; label: string }) {
  return (
    <ol className="sms-thread" aria-label={label}>
      {messages.map((m) => (
        <li key={m.key} className={m.direction === "in" ? "sms-in" : "sms-out"}>
          <p className="sms-meta">
            <strong>{m.who}</strong> <span>{m.at}</span>
          </p>
          <p className="sms-body">{m.body}</p>
          {m.note || m.state ? (
            <p className="sms-state">
              {m.note ? <Tag>{m.note}</Tag> : null}
              {m.state ? <Tag tone={m.tone ?? undefined}>{m.state}</Tag> : null}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
