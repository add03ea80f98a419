import { buildApp } from './app';

const host = process.env['HOST'] ?? '127.0.0.1';
const port = Number(process.env['PORT'] ?? 3000);

async function main() {
  const app = await buildApp({ logger: { level: process.env['LOG_LEVEL'] ?? 'info' } });
  await app.listen({ host, port });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
