/**
 * A local Stripe: an HTTP server on loopback speaking the part of Stripe's API the app uses, for the real `stripe`
 * SDK (`host`/`port`/`protocol: "http"`), and serving a hosted Checkout page (a plain HTML form: works without
 * JavaScript) where a test types a card. Its rules are Stripe's, as documented for test mode:
 * - API: customers; checkout sessions (setup and payment mode, success/cancel URLs, `expires_at` 30 min–24 h ahead);
 *   setup intents, payment methods (and their detach); payment intents (`off_session` + `confirm`); refunds (never more than was paid).
 *   Bodies form-encoded with brackets as stripe-node sends them; `expand[]` on retrieve; a secret key required.
 * - `Idempotency-Key` honoured on every POST: the same key with the same parameters answers the first answer
 *   again (`Idempotent-Replayed: true`), with other parameters a 400 `idempotency_error`.
 * - Errors shaped as Stripe's (`{ error: { type, code, decline_code, message, param, payment_intent } }`).
 * - Test cards: 4000000000000002 is declined on the hosted page (`card_declined` / `insufficient_funds`; in setup mode
 *   the session stays open and its SetupIntent keeps the refusal as `last_setup_error`, as Stripe's does); saved
 *   cards that fail later, off-session: 4000000000000341 (`card_declined`), 4000000000009995 (`insufficient_funds`),
 *   4000002760003184 (`authentication_required`). Any other valid number is accepted.
 * - Events: the hosted page's outcome, charges and refunds are POSTed to the webhook URL as Stripe would, signed
 *   with `stripe.webhooks.generateTestHeaderString`, retried a few times on a non-2xx answer.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Obj = Record<string, unknown> & { id: string };
type ApiError = { status: number; type: string; code?: string; decline_code?: string; message: string; param?: string; payment_intent?: Obj };

export type StripeServer = {
  url: string;
  port: number;
  /** Where events go (the app's POST /payments/stripe/webhook); set once the app's port is known. */
  webhookUrl: string | null;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  /** Cards saved on the hosted page (`customer` null once detached). */
  paymentMethods: Map<string, Obj>;
  refunds: Map<string, Obj>;
  /** Every API request: method, path, the Idempotency-Key, and the raw body. */
  requests: { method: string; path: string; idempotencyKey: string | null; body: string }[];
  /** Every event sent, with the app's answer to each try. */
  events: { event: Obj; answers: number[] }[];
  /** Resolves once every event sent so far has been answered (or given up on). */
  settled(): Promise<void>;
  /** Stripe's expiry of an open session: `checkout.session.expired` to the app. */
  expireSession(id: string): Promise<void>;
  /** A signed event POSTed to the webhook URL now, as Stripe would; resolves with the app's answer. */
  sendEvent(type: string, object: Obj): Promise<number>;
  close(): Promise<void>;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=1` → `{ a: { b: [ { c: "1" } ] } }`, as Stripe reads stripe-node's bodies. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let at: Record<string, unknown> | unknown[] = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]);
      const slot = part === "" && Array.isArray(at) ? at.length : part;
      const container = at as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        at = container[slot] as Record<string, unknown>;
      }
    });
  }
  return root;
}

function luhn(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1 && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

const brandOf = (n: string) => (/^4/.test(n) ? "visa" : /^(5[1-5]|2[2-7])/.test(n) ? "mastercard" : /^3[47]/.test(n) ? "amex" : /^6(011|5)/.test(n) ? "discover" : "unknown");

/** How a saved card behaves when charged off-session later (Stripe's documented test numbers). */
const OFF_SESSION_FAILURES: Record<string, { code: string; decline_code?: string; message: string }> = {
  "4000000000000341": { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  "4000000000009995": { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  "4000002760003184": { code: "authentication_required", message: "Your card was declined. This transaction requires authentication." },
};

export async function startStripeServer({
  secretKey,
  webhookSecret,
  webhookUrl = null,
  port = 0,
}: {
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string | null;
  /** Default: one the OS picks. */
  port?: number;
}): Promise<StripeServer> {
  const signer = new Stripe(secretKey);
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const setupIntents = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj & { number: string }>();
  const paymentIntents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const requests: StripeServer["requests"] = [];
  const events: StripeServer["events"] = [];
  const pending = new Set<Promise<unknown>>();
  let origin = "";

  const api: StripeServer = {
    url: "",
    port: 0,
    webhookUrl,
    customers,
    sessions,
    paymentIntents,
    paymentMethods,
    refunds,
    requests,
    events,
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
    async expireSession(id) {
      const session = sessions.get(id);
      if (!session || session.status !== "open") throw new Error(`no open session ${id}`);
      session.status = "expired";
      await emit("checkout.session.expired", session);
    },
    sendEvent: (type, object) => deliver(makeEvent(type, object)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const makeEvent = (type: string, object: Obj): Obj => ({
    id: newId("evt"),
    object: "event",
    api_version: "2026-10-28.endive",
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: structuredClone(object) },
  });

  /** One try and up to three more on a non-2xx answer or no answer, as Stripe retries (here a few ms apart). */
  async function deliver(event: Obj): Promise<number> {
    const record = { event, answers: [] as number[] };
    events.push(record);
    if (!api.webhookUrl) return 0;
    const payload = JSON.stringify(event);
    for (let attempt = 0; attempt < 4; attempt++) {
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
      try {
        const res = await fetch(api.webhookUrl, { method: "POST", headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature, "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" }, body: payload });
        await res.arrayBuffer();
        record.answers.push(res.status);
        if (res.ok) return res.status;
      } catch {
        record.answers.push(0);
      }
      await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
    }
    return record.answers.at(-1) ?? 0;
  }

  /** Events go out after the answer that caused them, as Stripe's do; `settled()` waits for them. */
  function emit(type: string, object: Obj) {
    const event = makeEvent(type, object);
    const sent = deliver(event).finally(() => pending.delete(sent));
    pending.add(sent);
    return sent.then(() => undefined);
  }

  const fail = (status: number, type: string, message: string, more: Partial<ApiError> = {}): ApiError => ({ status, type, message, ...more });
  const invalid = (message: string, param?: string) => fail(400, "invalid_request_error", message, { param });
  const missing = (kind: string, id: string, param = "id") => fail(404, "invalid_request_error", `No such ${kind}: '${id}'`, { code: "resource_missing", param });
  const metadataOf = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, string>) : {});
  const cents = (value: unknown, param: string) => {
    const n = Number(value);
    if (typeof value !== "string" || !/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 50) throw invalid("Amount must be at least $0.50 usd, in cents (an integer).", param);
    return n;
  };

  function expand(object: Obj | undefined, paths: string[]): Obj | undefined {
    if (!object) return object;
    const copy: Obj = structuredClone(object);
    for (const path of paths) {
      const [head, ...rest] = path.split(".");
      const ref = copy[head];
      if (ref && typeof ref === "object" && rest.length) {
        copy[head] = expand(ref as Obj, [rest.join(".")]);
        continue;
      }
      if (typeof ref !== "string") continue;
      const target = setupIntents.get(ref) ?? paymentMethods.get(ref) ?? paymentIntents.get(ref) ?? customers.get(ref) ?? charges.get(ref);
      copy[head] = rest.length ? expand(target, [rest.join(".")]) : target ? publicOf(target) : ref;
    }
    return copy;
  }
  /** A PaymentMethod as the API shows it: the card's brand, last 4 and expiry, never its number. */
  const publicOf = (object: Obj): Obj => {
    const { number: _number, ...rest } = object as Obj & { number?: string };
    return structuredClone(rest);
  };

  /** Charges a payment method: the PaymentIntent, its charge and its events. */
  function charge(params: { amount: number; customer: string | null; method: Obj & { number: string }; metadata: Record<string, string>; description: string | null; offSession: boolean }): { intent: Obj; error?: ApiError } {
    const intent: Obj = {
      id: newId("pi"),
      object: "payment_intent",
      amount: params.amount,
      amount_received: 0,
      currency: "usd",
      customer: params.customer,
      payment_method: params.method.id,
      description: params.description,
      metadata: params.metadata,
      off_session: params.offSession,
      status: "requires_payment_method",
      latest_charge: null,
      last_payment_error: null,
      created: nowSeconds(),
    };
    paymentIntents.set(intent.id, intent);
    const failure = params.offSession ? OFF_SESSION_FAILURES[params.method.number] : undefined;
    if (failure) {
      intent.last_payment_error = { type: "card_error", ...failure, payment_method: publicOf(params.method) };
      void emit("payment_intent.payment_failed", intent);
      return { intent, error: fail(402, "card_error", failure.message, { code: failure.code, decline_code: failure.decline_code, payment_intent: structuredClone(intent) }) };
    }
    const ch: Obj = { id: newId("ch"), object: "charge", amount: params.amount, amount_refunded: 0, refunded: false, currency: "usd", payment_intent: intent.id, metadata: params.metadata, paid: true, status: "succeeded" };
    charges.set(ch.id, ch);
    Object.assign(intent, { status: "succeeded", amount_received: params.amount, latest_charge: ch.id });
    void emit("payment_intent.succeeded", intent);
    return { intent };
  }

  /** `expand[]=a` or `expand[0]=a&expand[1]=b` (stripe-node's form). */
  const expansions = (q: URLSearchParams) => [...q].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v);

  type Handler = (params: Record<string, unknown>, query: URLSearchParams) => { status?: number; body: unknown } | ApiError;
  const routes: [string, RegExp, (m: RegExpExecArray) => Handler][] = [
    ["POST", /^\/v1\/customers$/, () => (p) => {
      const customer: Obj = { id: newId("cus"), object: "customer", created: nowSeconds(), metadata: metadataOf(p.metadata), email: (p.email as string) ?? null };
      customers.set(customer.id, customer);
      return { body: customer };
    }],
    ["DELETE", /^\/v1\/customers\/([^/]+)$/, (m) => () => {
      if (!customers.has(m[1])) return missing("customer", m[1]);
      customers.delete(m[1]);
      // Stripe detaches the deleted Customer's payment methods with it.
      for (const method of paymentMethods.values()) if (method.customer === m[1]) method.customer = null;
      return { body: { id: m[1], object: "customer", deleted: true } };
    }],
    ["POST", /^\/v1\/checkout\/sessions$/, () => (p) => {
      const mode = p.mode;
      if (mode !== "setup" && mode !== "payment") return invalid("Invalid mode: must be one of payment, setup or subscription", "mode");
      for (const url of ["success_url", "cancel_url"] as const) {
        if (typeof p[url] !== "string" || !/^https?:\/\/\S+$/.test(p[url] as string)) return invalid(`Not a valid URL`, url);
      }
      if (p.customer !== undefined && !customers.has(p.customer as string)) return missing("customer", String(p.customer), "customer");
      const expiresAt = p.expires_at === undefined ? nowSeconds() + 24 * 3600 : Number(p.expires_at);
      if (!Number.isInteger(expiresAt) || expiresAt < nowSeconds() + 30 * 60 - 60 || expiresAt > nowSeconds() + 24 * 3600) {
        return invalid("The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", "expires_at");
      }
      let amount: number | null = null;
      if (mode === "setup") {
        if (p.currency !== "usd" && p.allowed_payment_method_types === undefined) return invalid("currency is required in setup mode when payment method types are not given", "currency");
      } else {
        const items = p.line_items as { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }[] | undefined;
        if (!Array.isArray(items) || items.length === 0) return invalid("line_items is required in payment mode", "line_items");
        amount = 0;
        for (const [i, item] of items.entries()) {
          if (item.price_data?.currency !== "usd") return invalid("Only usd is enabled on this account", `line_items[${i}][price_data][currency]`);
          amount += cents(item.price_data.unit_amount, `line_items[${i}][price_data][unit_amount]`) * Number(item.quantity ?? 1);
        }
      }
      const id = `cs_test_${randomBytes(16).toString("hex")}`;
      const session: Obj = {
        id,
        object: "checkout.session",
        mode,
        status: "open",
        url: `${origin}/c/pay/${id}`,
        customer: (p.customer as string) ?? null,
        currency: "usd",
        amount_total: amount,
        metadata: metadataOf(p.metadata),
        expires_at: expiresAt,
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        setup_intent: null,
        payment_intent: null,
        payment_status: mode === "setup" ? "no_payment_required" : "unpaid",
        // Kept for the page: what the SetupIntent / PaymentIntent will carry.
        intent_metadata: metadataOf((p.setup_intent_data as Record<string, unknown> | undefined)?.metadata ?? (p.payment_intent_data as Record<string, unknown> | undefined)?.metadata),
        intent_description: ((p.payment_intent_data as Record<string, unknown> | undefined)?.description as string) ?? null,
        created: nowSeconds(),
      };
      sessions.set(id, session);
      return { body: session };
    }],
    ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (m) => (_p, q) => {
      const session = sessions.get(m[1]);
      if (!session) return missing("checkout.session", m[1]);
      if (session.status === "open" && (session.expires_at as number) <= nowSeconds()) session.status = "expired";
      return { body: expand(session, expansions(q)) };
    }],
    ["GET", /^\/v1\/setup_intents\/([^/]+)$/, (m) => (_p, q) => (setupIntents.has(m[1]) ? { body: expand(setupIntents.get(m[1]), expansions(q)) } : missing("setup_intent", m[1]))],
    ["GET", /^\/v1\/payment_methods\/([^/]+)$/, (m) => () => (paymentMethods.has(m[1]) ? { body: publicOf(paymentMethods.get(m[1])!) } : missing("payment_method", m[1]))],
    ["POST", /^\/v1\/payment_methods\/([^/]+)\/detach$/, (m) => () => {
      const method = paymentMethods.get(m[1]);
      if (!method) return missing("payment_method", m[1]);
      if (!method.customer) return invalid("The payment method you provided is not attached to a customer so detachment is impossible.");
      method.customer = null;
      return { body: publicOf(method) };
    }],
    ["GET", /^\/v1\/payment_intents\/([^/]+)$/, (m) => () => (paymentIntents.has(m[1]) ? { body: paymentIntents.get(m[1]) } : missing("payment_intent", m[1]))],
    ["POST", /^\/v1\/payment_intents$/, () => (p) => {
      const amount = cents(p.amount, "amount");
      if (p.currency !== "usd") return invalid("Only usd is enabled on this account", "currency");
      const method = paymentMethods.get(String(p.payment_method ?? ""));
      if (!method) return missing("payment_method", String(p.payment_method ?? ""), "payment_method");
      const customer = (p.customer as string) ?? null;
      if (method.customer && method.customer !== customer) return invalid("The provided PaymentMethod belongs to another Customer.", "payment_method");
      if (p.confirm !== "true") return invalid("This local server creates PaymentIntents with confirm=true only", "confirm");
      const offSession = p.off_session === "true";
      const { intent, error } = charge({ amount, customer, method, metadata: metadataOf(p.metadata), description: (p.description as string) ?? null, offSession });
      return error ?? { body: intent };
    }],
    ["POST", /^\/v1\/refunds$/, () => (p) => {
      const intent = paymentIntents.get(String(p.payment_intent ?? ""));
      if (!intent) return missing("payment_intent", String(p.payment_intent ?? ""), "payment_intent");
      const ch = charges.get(String(intent.latest_charge ?? ""));
      if (!ch || intent.status !== "succeeded") return invalid("This PaymentIntent does not have a successful charge to refund.", "payment_intent");
      const left = (ch.amount as number) - (ch.amount_refunded as number);
      if (left <= 0) return fail(400, "invalid_request_error", `Charge ${ch.id} has already been refunded.`, { code: "charge_already_refunded" });
      const amount = p.amount === undefined ? left : Number(p.amount);
      if (!/^\d+$/.test(String(p.amount ?? left)) || amount <= 0 || amount > left) return invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, "amount");
      const refund: Obj = { id: newId("re"), object: "refund", amount, currency: "usd", charge: ch.id, payment_intent: intent.id, metadata: metadataOf(p.metadata), status: "succeeded", created: nowSeconds() };
      refunds.set(refund.id, refund);
      ch.amount_refunded = (ch.amount_refunded as number) + amount;
      ch.refunded = ch.amount_refunded === ch.amount;
      void emit("charge.refunded", ch);
      return { body: refund };
    }],
  ];

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { "Content-Type": "application/json", "Request-Id": newId("req"), ...headers }).end(body);
  }
  const errorBody = (e: ApiError) => JSON.stringify({ error: { type: e.type, code: e.code, decline_code: e.decline_code, message: e.message, param: e.param, payment_intent: e.payment_intent } });

  function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const idempotencyKey = req.method === "POST" ? (req.headers["idempotency-key"] as string | undefined) ?? null : null;
    requests.push({ method: req.method ?? "", path: url.pathname + url.search, idempotencyKey, body: raw });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, errorBody(fail(401, "invalid_request_error", "Invalid API Key provided")));
    }
    const fingerprint = `${url.pathname}\n${raw}`;
    if (idempotencyKey) {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return send(res, 400, errorBody(fail(400, "idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with.`)));
      }
      if (earlier) return send(res, earlier.status, earlier.body, { "Idempotent-Replayed": "true" });
    }
    let status = 404;
    let body = errorBody(fail(404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${url.pathname}).`));
    for (const [method, pattern, make] of routes) {
      const m = method === req.method ? pattern.exec(url.pathname) : null;
      if (!m) continue;
      let answer: ReturnType<Handler>;
      try {
        answer = make(m)(parseStripeForm(raw), url.searchParams);
      } catch (thrown) {
        if (thrown && typeof thrown === "object" && "status" in thrown) answer = thrown as ApiError;
        else throw thrown;
      }
      if ("type" in answer && "message" in answer) ({ status, body } = { status: answer.status, body: errorBody(answer) });
      else ({ status, body } = { status: answer.status ?? 200, body: JSON.stringify(answer.body) });
      break;
    }
    // Stripe keeps the first answer to a key (a 5xx is not kept: the retry runs again).
    if (idempotencyKey && status < 500) idempotent.set(idempotencyKey, { fingerprint, status, body });
    send(res, status, body);
  }

  /** The hosted Checkout page: a plain form posting to itself, the way a patient types a card on Stripe. */
  function page(session: Obj, error: string | null = null): string {
    const amount = session.amount_total as number | null;
    const action = session.mode === "setup" ? "Save card" : `Pay $${((amount ?? 0) / 100).toFixed(2)}`;
    const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const body =
      session.status !== "open"
        ? `<h1>This checkout page has ${session.status === "complete" ? "already been used" : "expired"}</h1><p><a href="${esc(String(session.cancel_url))}">Return to the merchant</a></p>`
        : `<h1>${session.mode === "setup" ? "Save a card for future payments" : "Pay"}</h1>
${error ? `<p role="alert" id="error" style="color:#b00020">${esc(error)}</p>` : ""}
<form method="post">
<p><label for="number">Card number</label><br><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required></p>
<p><label for="expiry">Expiration (MM / YY)</label><br><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required></p>
<p><label for="cvc">CVC</label><br><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></p>
<p><label for="name">Cardholder name</label><br><input id="name" name="name" autocomplete="cc-name"></p>
<p><button type="submit">${action}</button></p>
</form>
<p><a href="${esc(String(session.cancel_url))}">← Back</a></p>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Checkout (local Stripe)</title></head><body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem"><main><p>Local Stripe test server</p>${body}</main></body></html>`;
  }

  function handlePage(req: IncomingMessage, res: ServerResponse, id: string, raw: string) {
    const session = sessions.get(id);
    const html = (status: number, text: string) => res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(text);
    if (!session) return html(404, "<!doctype html><title>Not found</title><h1>Not found</h1>");
    if (session.status === "open" && (session.expires_at as number) <= nowSeconds()) session.status = "expired";
    if (req.method !== "POST" || session.status !== "open") return html(200, page(session));
    const form = new URLSearchParams(raw);
    const number = (form.get("number") ?? "").replace(/[\s-]/g, "");
    const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(form.get("expiry") ?? "");
    const cvc = form.get("cvc") ?? "";
    if (!/^\d{12,19}$/.test(number) || !luhn(number)) return html(400, page(session, "Your card number is incorrect."));
    const expMonth = Number(expiry?.[1]);
    const expYear = expiry ? (expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
    const today = new Date();
    if (!expiry || expMonth < 1 || expMonth > 12 || expYear * 12 + expMonth - 1 < today.getUTCFullYear() * 12 + today.getUTCMonth()) {
      return html(400, page(session, "Your card's expiration date is incomplete or in the past."));
    }
    if (!/^\d{3,4}$/.test(cvc)) return html(400, page(session, "Your card's security code is incomplete."));
    if (number === "4000000000000002") {
      // As Stripe's Checkout: the session stays open, its SetupIntent keeps the refusal (`last_setup_error`).
      if (session.mode === "setup") {
        const failed: Obj = {
          id: (session.setup_intent as string | null) ?? newId("seti"),
          object: "setup_intent",
          status: "requires_payment_method",
          customer: session.customer,
          payment_method: null,
          usage: "off_session",
          metadata: session.intent_metadata,
          last_setup_error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
          created: nowSeconds(),
        };
        setupIntents.set(failed.id, failed);
        session.setup_intent = failed.id;
      }
      return html(402, page(session, "Your card has insufficient funds. Try a different card."));
    }
    const method = {
      id: newId("pm"),
      object: "payment_method",
      type: "card",
      customer: session.customer as string | null,
      card: { brand: brandOf(number), last4: number.slice(-4), exp_month: expMonth, exp_year: expYear, funding: "credit", country: "US" },
      created: nowSeconds(),
      number,
    };
    paymentMethods.set(method.id, method);
    const metadata = session.intent_metadata as Record<string, string>;
    if (session.mode === "setup") {
      const intent: Obj = { id: (session.setup_intent as string | null) ?? newId("seti"), object: "setup_intent", status: "succeeded", customer: session.customer, payment_method: method.id, usage: "off_session", metadata, last_setup_error: null, created: nowSeconds() };
      setupIntents.set(intent.id, intent);
      Object.assign(session, { status: "complete", setup_intent: intent.id });
      void emit("setup_intent.succeeded", intent);
    } else {
      const { intent, error } = charge({ amount: session.amount_total as number, customer: session.customer as string | null, method, metadata, description: session.intent_description as string | null, offSession: false });
      if (error) return html(402, page(session, error.message));
      Object.assign(session, { status: "complete", payment_intent: intent.id, payment_status: "paid" });
    }
    void emit("checkout.session.completed", session);
    res.writeHead(303, { Location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", id) }).end();
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", origin);
      try {
        const hosted = /^\/c\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
        if (hosted) return handlePage(req, res, hosted[1], raw);
        return handleApi(req, res, url, raw);
      } catch (error) {
        send(res, 500, errorBody(fail(500, "api_error", `local Stripe: ${error instanceof Error ? error.message : "error"}`)));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  api.port = (server.address() as AddressInfo).port;
  origin = api.url = `http://127.0.0.1:${api.port}`;
  return api;
}
