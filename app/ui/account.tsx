import { useT } from "~/i18n/use-t";

/**
 * Account pieces (issue 9): the honeypot of the public forms (the header's account menu is site-chrome's: every page loads it).
 */

export type HoneypotProps = { nameFieldName: string; validFromFieldName: string | null; encryptedValidFrom: string };

/**
 * The honeypot's hidden fields, checked by remix-utils' server half: people never see or fill them, form-filling
 * bots do. Its own markup rather than remix-utils' `HoneypotInputs`, whose `autocomplete="nope"` is no autofill
 * token (the Nu Html Checker's error); `off` is the valid way to keep browsers from filling it.
 */
export function Honeypot({ props: { nameFieldName, validFromFieldName, encryptedValidFrom } }: { props: HoneypotProps }) {
  const label = useT()("common.account.honeypot");
  return (
    <div id={`${nameFieldName}_wrap`} hidden>
      <label htmlFor={nameFieldName}>{label}</label>
      <input id={nameFieldName} name={nameFieldName} type="text" defaultValue="" autoComplete="off" tabIndex={-1} />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={validFromFieldName}>{label}</label>
          <input id={validFromFieldName} name={validFromFieldName} type="text" value={encryptedValidFrom} readOnly autoComplete="off" tabIndex={-1} />
        </>
      ) : null}
    </div>
  );
}
