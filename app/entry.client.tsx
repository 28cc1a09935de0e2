import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { documentWordsOfPage, DocumentWords, putDocumentWords } from "~/i18n/use-t";

// The page's words come in its script, not in the root's data (decision 027, issue 22): read once, before hydrating.
const words = documentWordsOfPage();
putDocumentWords((window as { __remixContext?: { state?: { loaderData?: Record<string, unknown> } } }).__remixContext?.state?.loaderData, words);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <DocumentWords.Provider value={words}>
        <RemixBrowser />
      </DocumentWords.Provider>
    </StrictMode>,
  );
});
