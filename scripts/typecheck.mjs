#!/usr/bin/env node
/**
 * `npm run typecheck`: the client's and the server's type checks (tsconfig.json and
 * tsconfig.server.json), side by side — each is one single-threaded tsc, so on two cores both end
 * in the time of the longer. Each one's output is printed whole when it ends; fails when either does.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) console.error(`typecheck: ${project} failed`);
      done(code === 0);
    });
  });
}

const passed = await Promise.all(['tsconfig.json', 'tsconfig.server.json'].map(check));
process.exit(passed.every(Boolean) ? 0 : 1);
