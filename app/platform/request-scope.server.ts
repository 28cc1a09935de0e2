import { AsyncLocalStorage } from "node:async_hooks";

export type RequestStore = { requestId: string };

/**
 * The store each request runs in (server.ts enters it, app/server/request-context.server.ts). One for the process:
 * server.ts and the Remix build (build/index.js, its own copy of this module) share it through the global registry,
 * so the app's code knows which request it runs for (the catalogue revision is read once per request, decision 023).
 */
export const requestStorage: AsyncLocalStorage<RequestStore> = ((globalThis as { [key: symbol]: unknown })[Symbol.for("dental.request-context")] ??=
  new AsyncLocalStorage<RequestStore>()) as AsyncLocalStorage<RequestStore>;

/** The request this code runs for, as an object to key per-request memos on (a WeakMap), if any. */
export const currentRequest = (): object | undefined => requestStorage.getStore();
