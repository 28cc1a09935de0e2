import type { Choice } from "./form";

/** The console's roles as choices, with what each may do (decision 020). */
export const ROLE_CHOICES: Choice[] = [
  { value: "front_desk", label: "Front desk", detail: "Their studios' days and visits: check-in, cancel and move for patients, intake answers." },
  { value: "manager", label: "Manager", detail: "Also their studios' hours, time off, closures and services." },
  { value: "admin", label: "Admin", detail: "Every studio, the team and the audit log." },
];
