/**
 * The OpenAPI 3.1 document of the read API and of every webhook payload (issue 30 C, decision 033), served at
 * /api/v1/openapi.json. Tests validate the API's real answers (and webhook payloads) against these schemas, so
 * the document cannot drift from what is sent.
 */
import type { VisitStatus } from "~/scheduling/visit-events.server";
import { API_ERROR_CODES, API_METHODS } from "./http.server";
import { PAGE_MAX } from "./visits.server";

const VISIT_STATUSES = ["booked", "arrived", "completed", "no_show", "cancelled"] as const satisfies readonly VisitStatus[];

/** The webhook event types (Standard Webhooks deliveries, issue 30 B). */
export const WEBHOOK_TYPES = ["visit.booked", "visit.moved", "visit.cancelled", "visit.arrived", "visit.completed", "visit.no_show"] as const;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const isoOffset = { type: "string", format: "date-time", description: "ISO 8601 in the studio's wall time with its UTC offset." };
/** A visit's place in its series (issue 39, decision 081): "visit 3 of 8", or null for a single visit. */
const seriesPlace = {
  type: ["object", "null"],
  description: "The series this visit is part of (a course of visits booked at once), its place in it and how many visits the series has; null for a single visit. Each visit of a series has its own events.",
  required: ["id", "position", "count"],
  additionalProperties: false,
  properties: {
    id: { type: "string", pattern: "^[0-9]+$" },
    position: { type: "integer", minimum: 1, maximum: 24 },
    count: { type: "integer", minimum: 1, maximum: 24 },
  },
};
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ref("Error") } } });
/** A query's instant: with its offset, or a date alone (that day's midnight at the studio). */
const instantOrDay = (description: string) => ({
  description: `${description} A date-time with its UTC offset, or a date alone: that day's midnight at the studio.`,
  schema: { anyOf: [{ type: "string", format: "date-time" }, { type: "string", format: "date" }] },
});
/** Any method but GET and HEAD, on every path: OpenAPI has no operation for "every other method", so it is a shared response. */
const methodNotAllowed = {
  description: `The API only reads: any method but ${API_METHODS.join(" and ")} answers 405 with this body.`,
  headers: { Allow: { description: `Always "${API_METHODS.join(", ")}".`, schema: { const: API_METHODS.join(", ") } } },
  content: { "application/json": { schema: ref("Error") } },
};
const rateLimited = {
  description: "Too many requests for this key (or, without a valid key, from this address).",
  headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer", minimum: 1 } } },
  content: { "application/json": { schema: ref("Error") } },
};

const schemas = {
  Error: {
    type: "object",
    required: ["error"],
    additionalProperties: false,
    properties: {
      error: {
        type: "object",
        required: ["code", "message"],
        additionalProperties: false,
        properties: { code: { enum: [...API_ERROR_CODES] }, message: { type: "string" } },
      },
    },
  },
  Visit: {
    type: "object",
    required: ["id", "studio", "service", "serviceName", "start", "end", "timezone", "status", "channel", "bookedAt", "cancelledAt", "series", "patient"],
    additionalProperties: false,
    properties: {
      id: { type: "string", pattern: "^[0-9]+$" },
      studio: { type: "string", description: "The studio's slug." },
      service: { type: "string", description: "The service's code (e.g. CLNCHK)." },
      serviceName: { type: "string" },
      start: isoOffset,
      end: isoOffset,
      timezone: { type: "string", description: "The studio's IANA time zone." },
      status: { enum: [...VISIT_STATUSES] },
      channel: { enum: ["online", "phone", "waitlist"], description: "How it was booked: the patient online, the studio on the phone, a waitlist claim." },
      bookedAt: { type: "string", format: "date-time" },
      cancelledAt: { type: ["string", "null"], format: "date-time" },
      series: seriesPlace,
      patient: {
        type: "object",
        description: "Contact details. Each read is recorded in the practice's audit log.",
        required: ["firstName", "lastName", "email", "phone", "accountClosed"],
        additionalProperties: false,
        properties: {
          firstName: { type: "string" },
          lastName: { type: "string" },
          email: { type: "string" },
          phone: { type: "string" },
          accountClosed: { type: "boolean", description: "The patient closed their account: the other fields are empty (decision 078)." },
        },
      },
    },
  },
  VisitPage: {
    type: "object",
    required: ["data", "nextCursor"],
    additionalProperties: false,
    properties: {
      data: { type: "array", maxItems: PAGE_MAX, items: ref("Visit") },
      nextCursor: { type: ["string", "null"], description: "Pass as `cursor` for the next page; null on the last page. Opaque." },
    },
  },
  WebhookEvent: {
    type: "object",
    description: "The body of every webhook delivery (thin: nothing personal; read the visit through the API).",
    required: ["type", "timestamp", "data"],
    additionalProperties: false,
    properties: {
      type: { enum: [...WEBHOOK_TYPES] },
      timestamp: { type: "string", format: "date-time", description: "When it happened, ISO 8601 UTC." },
      data: {
        type: "object",
        required: ["visitId", "studio", "service", "start", "status", "series", "changes"],
        additionalProperties: false,
        properties: {
          visitId: { type: "string" },
          studio: { type: "string", description: "The studio's slug." },
          service: { type: "string", description: "The service's code." },
          start: isoOffset,
          status: { type: "string" },
          channel: { enum: ["online", "phone", "waitlist"], description: "visit.booked only: how it was booked." },
          series: seriesPlace,
          changes: {
            type: "object",
            additionalProperties: false,
            properties: { previousStart: { type: "string", format: "date-time" }, cancelledBy: { enum: ["patient", "staff", "account_closed"], description: "account_closed: the patient closed their account (decision 078)" } },
          },
        },
      },
    },
  },
};

/** The document, with the server's own origin. */
export function openApiDocument(origin: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Dental booking API",
      version: "1.0.0",
      description:
        "Read a studio's visits with an API key an admin made in the studio console (scoped to studios). Webhooks (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) tell you that something happened; read the visit here. Every answer under /api/v1 is JSON; a method other than GET or HEAD is the MethodNotAllowed response (405).",
    },
    servers: [{ url: origin }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "Authorization: Bearer dbk_…" } },
      schemas,
      responses: { MethodNotAllowed: methodNotAllowed },
    },
    paths: {
      "/api/v1/visits/{id}": {
        get: {
          operationId: "getVisit",
          summary: "One visit with the patient's contact details",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", pattern: "^[0-9]{1,9}$" } }],
          responses: {
            "200": { description: "The visit.", content: { "application/json": { schema: ref("Visit") } } },
            "401": errorResponse("No key, a wrong key or a revoked key."),
            "404": errorResponse("No such visit at this key's studios."),
            "429": rateLimited,
          },
        },
      },
      "/api/v1/visits": {
        get: {
          operationId: "listVisits",
          summary: "A studio's visits starting in [from, to), by start time, a page at a time",
          parameters: [
            { name: "studio", in: "query", required: true, schema: { type: "string", pattern: "^[a-z0-9-]{1,60}$" } },
            { name: "from", in: "query", required: true, ...instantOrDay("The first instant.") },
            { name: "to", in: "query", required: true, ...instantOrDay("The end (not included): not before from (equal: an empty page), at most 92 days later.") },
            { name: "limit", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: PAGE_MAX, default: PAGE_MAX } },
            {
              name: "cursor",
              in: "query",
              required: false,
              description: "The previous page's nextCursor; empty or absent for the first page. Any other value is a 400.",
              schema: { type: "string", maxLength: 200 },
            },
          ],
          responses: {
            "200": { description: "A page of visits.", content: { "application/json": { schema: ref("VisitPage") } } },
            "400": errorResponse("A missing or malformed parameter, to before from or more than 92 days after it, or a cursor this API did not give."),
            "401": errorResponse("No key, a wrong key or a revoked key."),
            "404": errorResponse("Not one of this key's studios."),
            "429": rateLimited,
          },
        },
      },
    },
    webhooks: Object.fromEntries(
      WEBHOOK_TYPES.map((type) => [
        type,
        {
          post: {
            operationId: `webhook${type.split(/[._]/).map((w) => w[0]!.toUpperCase() + w.slice(1)).join("")}`,
            summary: `A visit event: ${type}`,
            requestBody: {
              required: true,
              content: { "application/json": { schema: { allOf: [ref("WebhookEvent"), { type: "object", properties: { type: { const: type } } }] } } },
            },
            responses: { "200": { description: "Any 2xx within 15 seconds acknowledges the delivery; anything else is retried." } },
          },
        },
      ]),
    ),
  };
}
