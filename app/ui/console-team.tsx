import { StudioChoices } from "./console";
import { ROLE_CHOICES } from "./console-roles";
import { ChoiceGroup, useField } from "./form";

/**
 * A role (radios) and the studios (checkboxes, one id each) of a console account; the values come from the form
 * by name (`role`, `studios`), after a refused post what was posted.
 */
export function RoleAndStudios({ studios, defaultRole }: { studios: { slug: string; name: string }[]; defaultRole?: string }) {
  const role = useField("role").value;
  return (
    <>
      <ChoiceGroup name="role" legend="Role" choices={ROLE_CHOICES} defaultValue={role ? undefined : (defaultRole ?? "front_desk")} />
      <StudioChoices studios={studios} hint="For a front desk or manager. Admins see every studio." />
    </>
  );
}
