import { Links, Meta, Outlet, Scripts } from "@remix-run/react";
import { useContext } from "react";
import { Nonce } from "./nonce";

export default function App() {
  const nonce = useContext(Nonce);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Bare page</title>
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}
