/**
 * Lighthouse (mobile preset: a slow 4G link and a 4× slower CPU, simulated) on what a person opens
 * first and most: `/auth/Login` on a first visit (storage cleared, nothing cached), and a module's
 * list signed in (the warehousing products, 300 rows on the device; the service worker and the
 * panel database kept, as on a person's phone). Issue 13's targets: performance ≥ 95,
 * accessibility 100, best practices 100 on both. Prints scores, the main timings and every
 * weighted audit that is not perfect; asserts nothing.
 *
 * Lighthouse is run as lighthouseKit.ts says (fetched by `npx`, not a dependency).
 *
 *   npx tsx bench/lighthouse.ts [--dist dist]
 *   npx tsx bench/lighthouse.ts --smoke        # 10 products on the device; both pages, one run each as always
 */
import { modulePath, paths } from '../src/contract/routes.ts';
import { Product } from '../modules/WarehousingMVM/entities/masterData.ts';
import { sized } from './benchArgs.ts';
import { openBenchPanel, putRows, syncedRow } from './browserBench.ts';
import { freePort, LIGHTHOUSE_VERSION, lighthouse, print } from './lighthouseKit.ts';

const PRODUCTS = sized(300, 10);

const port = await freePort();
const listPath = modulePath('WarehousingMVM', 'Product/listProduct');
const bench = await openBenchPanel('lighthouse', ['PanelManagement', 'WarehousingMVM'], listPath, { debuggingPort: port });
try {
  const origin = new URL(bench.page.url()).origin;
  const words = ['پیچ', 'مهره', 'واشر', 'لولا', 'قفل', 'دستگیره'];
  await putRows(bench.page, bench.dbName, {
    [Product.table]: Array.from({ length: PRODUCTS }, (_, i) =>
      syncedRow(Product, {
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: `${words[i % words.length]} ${i + 1}`,
        code: `P${String(i + 1).padStart(5, '0')}`,
        unit: 'piece',
        reorderPoint: '5.000',
        active: true,
        barcodes: [],
      }),
    ),
  });
  // Lighthouse opens a tab of its own in this browser: the page here would only compete with it,
  // and Playwright lets go of the browser (it stays up, on its port) so as not to take that tab over.
  await bench.page.goto('about:blank');
  await bench.browser.close();
  console.log(`Lighthouse ${LIGHTHOUSE_VERSION}, mobile preset (simulated slow 4G, CPU 4× slower), Chromium at ${origin}`);
  // The signed-in list first: the login's run clears the origin's storage, and the session with it.
  print(
    `signed in, ${listPath} (${PRODUCTS} products; service worker and panel data kept)`,
    lighthouse(`${origin}${listPath}`, port, true),
  );
  print(`${paths.auth.login}, first visit (storage cleared)`, lighthouse(`${origin}${paths.auth.login}`, port, false));
} finally {
  await bench.close();
}
