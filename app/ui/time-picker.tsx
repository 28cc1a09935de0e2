import { Link } from "@remix-run/react";
import { ChoiceFieldset, Radio } from "./form";

/** What the server's time picker sends (app/scheduling/time-picker.server.ts), as JSON. */
export type TimePickerData = {
  week: number;
  maxWeek: number;
  range: string;
  timedOut: boolean;
  dayLinks: { key: string; label: string; count: number; current: boolean }[];
  days: {
    heading: string;
    soon: boolean;
    parts: {
      name: string;
      slots: { value: string; label: string; soon: boolean }[];
    }[];
  }[];
};

function Pager({ data, label }: { data: TimePickerData; label: string }) {
  return (
    <nav className="pager" aria-label={label}>
      {data.week > 0 ? (
        <Link to={`?week=${data.week - 1}`}>← Earlier times</Link>
      ) : (
        <span />
      )}
      {data.week < data.maxWeek ? (
        <Link to={`?week=${data.week + 1}`}>Later times →</Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The week's range, the weeks pager and the days with free times, as plain links. */
export function TimePickerNav({ data }: { data: TimePickerData }) {
  return (
    <>
      <p>
        <strong>{data.range}</strong>
      </p>
      <Pager data={data} label="Weeks" />
      {data.dayLinks.length > 0 ? (
        <nav aria-label="Days with free times">
          <ul className="day-links">
            {data.dayLinks.map((d) => (
              <li key={d.key}>
                <Link
                  to={`?week=${data.week}&day=${d.key}`}
                  aria-current={d.current ? "date" : undefined}
                >
                  <span className="day-label">{d.label}</span>{" "}
                  <span className="day-count">
                    {d.count} {d.count === 1 ? "time" : "times"}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}

export function TimePickerMore({ data }: { data: TimePickerData }) {
  return data.days.length > 0 ? <Pager data={data} label="More weeks" /> : null;
}

/** The shown day's times as radios named `slot`, or why there are none. */
export function TimePickerSlots({ data }: { data: TimePickerData }) {
  if (data.timedOut) {
    return (
      <div className="notice" role="alert">
        <p>Sorry — we couldn’t load the free times just now.</p>
        <p>
          <Link to={`?week=${data.week}`} reloadDocument>
            Try again
          </Link>
        </p>
      </div>
    );
  }
  if (data.days.length === 0)
    return <p className="notice">No free times this week. Try later times.</p>;
  return (
    <ChoiceFieldset name="slot" legend="Time">
      {data.days.map((day) => (
        <section className="day" key={day.heading} aria-label={day.heading}>
          <h2>
            {day.heading}{" "}
            {day.soon ? (
              <span className="badge-soon">Within 24 hours</span>
            ) : null}
          </h2>
          {day.parts.map((part) => (
            <div className="slot-group" key={part.name}>
              <h3>{part.name}</h3>
              <div className="slots">
                {part.slots.map((slot) => (
                  <Radio
                    key={slot.value}
                    name="slot"
                    value={slot.value}
                    label={slot.label}
                  >
                    {slot.soon ? (
                      <span className="badge-soon">Soon</span>
                    ) : null}
                  </Radio>
                ))}
              </div>
            </div>
          ))}
        </section>
      ))}
    </ChoiceFieldset>
  );
}
