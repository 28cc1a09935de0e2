import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { Form } from "@remix-run/react";

export async function action({ request }: ActionFunctionArgs) {
  await request.formData();
  return redirect("/");
}

export default function Index() {
  return (
    <main>
      <h1>Bare page</h1>
      <Form method="post">
        <label htmlFor="name">Name</label>
        <input id="name" name="name" />
        <button type="submit">Send</button>
      </Form>
    </main>
  );
}
