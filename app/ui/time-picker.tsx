import { Link } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
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

/** `keep`: query parameters the page's links carry before week and day ("service=X&provider=any&"), or none. */
function Pager({ data, label, keep = "" }: { data: TimePickerData; label: string; keep?: string }) {
  const t = useT();
  return (
    <nav className="pager" aria-label={label}>
      {data.week > 0 ? (
        <Link to={`?${keep}week=${data.week - 1}`}>{t("booking.times.earlier")}</Link>
      ) : (
        <span />
      )}
      {data.week < data.maxWeek ? (
        <Link to={`?${keep}week=${data.week + 1}`}>{t("booking.times.later")}</Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The week's range, the weeks pager and the days with free times, as plain links. */
export function TimePickerNav({ data, keep = "" }: { data: TimePickerData; keep?: string }) {
  const t = useT();
  return (
    <>
      <p>
        <strong>{data.range}</strong>
      </p>
      <Pager data={data} label={t("booking.times.weeks")} keep={keep} />
      {data.dayLinks.length > 0 ? (
        <nav aria-label={t("booking.times.days")}>
          <ul className="day-links">
            {data.dayLinks.map((d) => (
              <li key={d.key}>
                <Link
                  to={`?${keep}week=${data.week}&day=${d.key}`}
                  aria-current={d.current ? "date" : undefined}
                >
                  <span className="day-label">{d.label}</span>{" "}
                  <span className="day-count">
                    {t("booking.times.count", { count: d.count })}
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

export function TimePickerMore({ data, keep = "" }: { data: TimePickerData; keep?: string }) {
  const t = useT();
  return data.days.length > 0 ? <Pager data={data} label={t("booking.times.moreWeeks")} keep={keep} /> : null;
}

/** The shown day's times as radios named `slot`, or why there are none. */
export function TimePickerSlots({ data }: { data: TimePickerData }) {
  const t = useT();
  if (data.timedOut) {
    return (
      <div className="notice" role="alert">
        <p>{t("booking.times.timedOut")}</p>
        <p>
          <Link to={`?week=${data.week}`} reloadDocument>
            {t("booking.times.retry")}
          </Link>
        </p>
      </div>
    );
  }
  if (data.days.length === 0)
    return <p className="notice">{t("booking.times.noneThisWeek")}</p>;
  return (
    <ChoiceFieldset name="slot" legend={t("booking.times.legend")}>
      {data.days.map((day) => (
        <section className="day" key={day.heading} aria-label={day.heading}>
          <h2>
            {day.heading}{" "}
            {day.soon ? (
              <span className="badge-soon">{t("booking.times.within24h")}</span>
            ) : null}
          </h2>
          {day.parts.map((part) => (
            <div className="slot-group" key={part.name}>
              <h3>{t(part.name)}</h3>
              <div className="slots">
                {part.slots.map((slot) => (
                  <Radio
                    key={slot.value}
                    name="slot"
                    value={slot.value}
                    label={slot.label}
                  >
                    {slot.soon ? (
                      <span className="badge-soon">{t("booking.times.soon")}</span>
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
