// npm run dev: the message compiler in watch mode, the API with reload (tsx watch) on API_PORT, and Vite's dev server on PORT,
// which proxies /api, /trpc and /uploads to the API.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  // Recompiles the message dictionaries (src/shared/i18n/messages) into typed functions on every edit.
  spawn('npm', ['run', 'i18n:compile', '--', '--watch'], { stdio: 'inherit' }),
  // One server process with no supervisor (src/server/main.ts): tsx watch starts it again on every edit.
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/server-process.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => (stop(), process.exit(code ?? 0)));
