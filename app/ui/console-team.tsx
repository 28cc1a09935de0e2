import { ROLE_CHOICES } from "./console-roles";
import { ChoiceFieldset, ChoiceGroup, useField } from "./form";

/**
 * A role (radios) and the studios (checkboxes, one id each) of a console account; the values come from the form
 * by name (`role`, `studios`), after a refused post what was posted.
 */
export function RoleAndStudios({ studios, defaultRole }: { studios: { slug: string; name: string }[]; defaultRole?: string }) {
  const chosen = useField("studios").values;
  const role = useField("role").value;
  return (
    <>
      <ChoiceGroup name="role" legend="Role" choices={ROLE_CHOICES} defaultValue={role ? undefined : (defaultRole ?? "front_desk")} />
      <ChoiceFieldset name="studios" legend="Studios" hint="For a front desk or manager. Admins see every studio.">
        <div className="choices choices-columns">
          {studios.map((s) => (
            <label className="choice" key={s.slug} htmlFor={`studios-${s.slug}`}>
              <input type="checkbox" id={`studios-${s.slug}`} name="studios" value={s.slug} defaultChecked={chosen.includes(s.slug)} />
              <span>
                <span className="choice-title">{s.name}</span>
              </span>
            </label>
          ))}
        </div>
      </ChoiceFieldset>
    </>
  );
}
