/**
 * `npm run check:bundle [clientDir]`: the JavaScript a visitor's browser must fetch before the
 * landing page can run (the entry script, its modulepreloads and every static import they
 * pull in), gzipped, for each language's page (index.html, index.<locale>.html). Fails when
 * either is above the budget. Lazy `import()` chunks are not counted.
 *
 * Also fails when the built styles use `backdrop-filter` (src/client/styles.css says why).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KIB = Number(process.env.LANDING_JS_BUDGET_KIB ?? 120);
const clientDir = resolve(process.argv[2] ?? 'dist/client');
const pages = readdirSync(clientDir).filter((name) => /^index(\.[\w-]+)?\.html$/.test(name));
if (!pages.includes('index.html')) {
  console.error(`check-bundle: ${join(clientDir, 'index.html')} not found; build the client first (npm run build).`);
  process.exit(1);
}
let overBudget = false;
for (const page of pages.sort()) overBudget = !checkPage(join(clientDir, page)) || overBudget;
if (overBudget) process.exit(1);
if (!checkNoBackdropFilter(join(clientDir, 'assets'))) process.exit(1);

/** No style blurs or filters what lies behind it; false (and the rules named) when one does. */
function checkNoBackdropFilter(assetsDir: string): boolean {
  const found = readdirSync(assetsDir)
    .filter((name) => name.endsWith('.css'))
    .flatMap((name) => [...readFileSync(join(assetsDir, name), 'utf8').matchAll(/[^{}]*\{[^{}]*backdrop-filter[^{}]*\}/g)].map((rule) => `${name}: ${rule[0].slice(0, 120)}`));
  if (found.length) console.error(`check-bundle: backdrop-filter in the built styles (see src/client/styles.css):\n  ${found.join('\n  ')}`);
  else console.log('Built styles: no backdrop-filter');
  return found.length === 0;
}

/** Prints the page's initial JavaScript, file by file; false when it is over the budget. */
function checkPage(indexFile: string): boolean {

  const html = readFileSync(indexFile, 'utf8');
  const tags = [
    ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => match[1]!);
  if (tags.length === 0) {
    console.error(`check-bundle: ${indexFile} loads no module script`);
    process.exit(1);
  }

  /** Site paths (/assets/x.js) to files, following static imports between chunks. */
  const seen = new Set<string>();
  const queue = tags.filter((src) => !/^https?:/.test(src)).map((src) => posix.normalize(src.startsWith('/') ? src : `/${src}`));
  while (queue.length) {
    const sitePath = queue.shift()!;
    if (seen.has(sitePath)) continue;
    seen.add(sitePath);
    const code = readFileSync(join(clientDir, sitePath), 'utf8');
    // Static imports only: `import{a}from"./x.js"`, `import"./y.js"`, `export*from"./z.js"`; not `import("./lazy.js")`.
    for (const match of code.matchAll(/(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.js)["']/g)) {
      const target = match[1]!;
      if (/^https?:/.test(target)) continue;
      queue.push(target.startsWith('/') ? posix.normalize(target) : posix.join(posix.dirname(sitePath), target));
    }
  }

  let total = 0;
  const rows = [...seen].map((sitePath) => {
    const bytes = readFileSync(join(clientDir, sitePath));
    const gzipped = gzipSync(bytes, { level: 9 }).length;
    total += gzipped;
    return { sitePath, raw: bytes.length, gzipped };
  });
  rows.sort((a, b) => b.gzipped - a.gzipped);
  for (const row of rows) {
    console.log(`${(row.gzipped / 1024).toFixed(1).padStart(7)} KiB gz  ${(row.raw / 1024).toFixed(1).padStart(7)} KiB  ${row.sitePath}`);
  }
  const totalKib = total / 1024;
  console.log(`Landing page initial JavaScript: ${totalKib.toFixed(1)} KiB gzipped in ${rows.length} file(s) (budget ${BUDGET_KIB} KiB) [${basename(indexFile)}]\n`);
  if (totalKib > BUDGET_KIB) {
    console.error(`check-bundle: ${basename(indexFile)} over budget by ${(totalKib - BUDGET_KIB).toFixed(1)} KiB`);
    return false;
  }
  return true;
}
