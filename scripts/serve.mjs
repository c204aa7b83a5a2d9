// Serves the built site and API from one local Worker (wrangler dev) on PORT (default 8787),
// with D1/R2/Durable Objects persisted under PERSIST_TO (default .wrangler/state).
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8787';
const persistTo = process.env.PERSIST_TO ?? '.wrangler/state';
const child = spawn('wrangler', ['dev', '--persist-to', persistTo, '--port', port, '--ip', '127.0.0.1', '--show-interactive-dev-session=false'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
