#!/usr/bin/env node
/**
 * `npm run dev`: the API server with reload on change (tsx watch, port PORT or 3000, developer
 * tools on) and Vite's dev server on 5173 with /api proxied to it. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';

const env = { ...process.env, DEV_TOOLS: process.env.DEV_TOOLS ?? '1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
