/**
 * The floor for bench/startup.ts: the smallest honest React login page — one form, React 19, no
 * router, no i18n, no storage — built with this repo's Vite and React plugin (in
 * node_modules/.cache), plus a 10-line cache-first service worker so its repeat and offline
 * visits can be compared like for like with Pishkhan's, and brotli/gzip copies as Pishkhan's build has.
 */
import { mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { compressFolder } from '../build/compressAssets.ts';

const root = resolve(import.meta.dirname, '..');

const indexHtml = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Floor</title></head>
<body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>
`;

const mainTsx = `import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Login() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <main>
      <h1>Log in</h1>
      <form onSubmit={(e) => e.preventDefault()}>
        <label>Username <input name="username" value={username} onChange={(e) => setUsername(e.target.value)} /></label>
        <label>Password <input name="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} /></label>
        <button type="submit">Log in</button>
      </form>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><Login /></StrictMode>);
if ('serviceWorker' in navigator) addEventListener('load', () => void navigator.serviceWorker.register('/sw.js'));
`;

function serviceWorker(files: string[]): string {
  return `const FILES = ${JSON.stringify(files)};
self.addEventListener('install', (e) => e.waitUntil(caches.open('floor').then((c) => c.addAll(FILES))));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => {
  const request = e.request.mode === 'navigate' ? '/index.html' : e.request;
  e.respondWith(caches.match(request).then((hit) => hit || fetch(e.request)));
});
`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Writes and builds the floor app; answers its dist folder. */
export async function buildFloor(): Promise<string> {
  // Under node_modules: React resolves from there, and neither tsc nor ESLint looks at it.
  const cacheDir = join(root, 'node_modules/.cache/pishkhan-startup-floor');
  mkdirSync(cacheDir, { recursive: true });
  // Its real path: with node_modules a symbolic link (a git worktree sharing another's), Vite
  // would see index.html outside the root it was given.
  const appDir = realpathSync(cacheDir);
  const outDir = join(appDir, 'dist');
  writeFileSync(join(appDir, 'index.html'), indexHtml);
  writeFileSync(join(appDir, 'main.tsx'), mainTsx);
  await build({
    root: appDir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const files = filesUnder(outDir).map((file) => `/${relative(outDir, file).split('\\').join('/')}`);
  writeFileSync(join(outDir, 'sw.js'), serviceWorker(files));
  // Served like Pishkhan's build: the same server, so the same compressed copies.
  await compressFolder(outDir);
  return outDir;
}
