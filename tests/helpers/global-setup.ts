// Says, once per run, which databases the integration tests use: CI must show PostgreSQL ran.
export default function announceEngines() {
  const url = process.env.TEST_DATABASE_URL;
  let where = "PGlite only (set TEST_DATABASE_URL to also run them on PostgreSQL)";
  if (url) {
    const { hostname, port, pathname } = new URL(url);
    where = `PGlite and PostgreSQL at ${hostname}:${port || 5432}${pathname}`;
  }
  console.info(`Integration tests run on: ${where}`);
}
