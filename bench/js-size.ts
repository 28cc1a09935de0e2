// Client JS per page (every route that renders one; resource routes ship none), gzip. Run after `npm run build`: node --import tsx bench/js-size.ts
import { CLIENT_JS_BUDGET_KB, CLIENT_JS_ENFORCED_KB, clientJsPerRoute, loadsManifestFile, pageRouteIds } from "./client-js";

const rows = clientJsPerRoute(process.cwd(), await pageRouteIds(), { manifestFile: await loadsManifestFile() });
console.log("Client JS per route (gzip, KB): total loaded | route's own chunks");
for (const r of rows) console.log(`${r.route.padEnd(44)} ${r.totalKb.toFixed(1).padStart(6)} | ${r.routeKb.toFixed(1).padStart(5)}${r.shipsZod ? "  (ships zod!)" : ""}`);
const worst = rows[0];
console.log(`Above the enforced ${CLIENT_JS_ENFORCED_KB} KB: ${rows.filter((r) => r.totalKb > CLIENT_JS_ENFORCED_KB).length} of ${rows.length} pages`);
console.log(`\nLargest: ${worst?.route} ${worst?.totalKb.toFixed(1)} KB gzip (budget ${CLIENT_JS_BUDGET_KB} KB)`);
