/**
 * A JSON-LD block. A `<script type="application/ld+json">` is a data block, never run, so the CSP's script-src
 * (nonces) does not apply to it and it carries no nonce; "<" is escaped so no text can close the element.
 */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}
