/**
 * The published schema of a patient's data.json (docs/data-export-schema.json, decision 080) is the code's: the JSON
 * Schema made from `dataExportSchema`, which the integration test parses every export with. A change to one without
 * the other fails here; `UPDATE_SCHEMA=1 npx vitest run tests/unit/data-export-schema.test.ts` writes the file again
 * (and a field renamed or removed raises EXPORT_SCHEMA_VERSION).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { z } from "zod/v4";
import { dataExportSchema } from "~/account/data-export-schema.server";
import { EXPORT_SCHEMA_VERSION } from "~/account/data-export.server";

const FILE = "docs/data-export-schema.json";

it("docs/data-export-schema.json is the JSON Schema of the code's dataExportSchema, at the export's version", () => {
  const made = z.toJSONSchema(dataExportSchema, { unrepresentable: "any" });
  if (process.env.UPDATE_SCHEMA) writeFileSync(FILE, `${JSON.stringify(made, null, 2)}\n`);
  expect(JSON.parse(readFileSync(FILE, "utf8"))).toEqual(made);
  expect(dataExportSchema.shape.schemaVersion.value).toBe(EXPORT_SCHEMA_VERSION);
});
