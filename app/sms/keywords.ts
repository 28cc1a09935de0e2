/**
 * What a patient's text means (issue 31 C). Carriers require the standard opt-out and help words (CTIA); `C`,
 * `YES`, `SI` and `CONFIRMAR` confirm the next visit, `R` asks for the link to move it. Anything else is for a
 * person at the studio. Matched on the whole text, trimmed, case and accents ignored ("Sí", "si.", " STOP ").
 */
export type Intent = "confirm" | "move" | "stop" | "start" | "help" | "studio";

const WORDS: Record<Exclude<Intent, "studio">, readonly string[]> = {
  confirm: ["C", "YES", "Y", "SI", "CONFIRM", "CONFIRMAR", "CONFIRMO"],
  move: ["R", "RESCHEDULE", "MOVE", "CAMBIAR"],
  stop: ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "PARAR", "REVOKE", "OPTOUT"],
  start: ["START", "UNSTOP", "INICIAR"],
  help: ["HELP", "INFO", "AYUDA"],
};

const LOOKUP = new Map<string, Exclude<Intent, "studio">>(
  Object.entries(WORDS).flatMap(([intent, words]) => words.map((w) => [w, intent as Exclude<Intent, "studio">] as const)),
);

export function intentOf(body: string): Intent {
  const word = body
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .replace(/[.!¡?¿]+$/g, "")
    .replace(/^[¡¿]+/, "")
    .replace(/\s+/g, " ")
    .toUpperCase();
  return LOOKUP.get(word) ?? "studio";
}
