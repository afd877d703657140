import { registerHooks } from 'node:module';

/**
 * The parser host reads untrusted files (pdf.js, the Skia canvas, tesseract's wasm, pdf-lib);
 * the keys live in the OS keychain behind keytar, which only main may load. Every thread of
 * the host installs this first: resolving `keytar` (require or import) and loading its native
 * addon are refused, so code running there cannot reach the keychain through the app's own
 * copy. keytar is also never bundled into the host or its workers (scripts/build-main.mjs).
 */
export const KEYTAR_REFUSED = 'keytar may not be loaded in the process that reads documents';

const isKeytar = (specifier: string) => /^keytar(\/|$)/.test(specifier) || /[\\/]node_modules[\\/]keytar[\\/]/.test(specifier);

let installed = false;

export function installKeytarGuard(): void {
  if (installed) return;
  installed = true;
  registerHooks({
    resolve(specifier, context, next) {
      if (isKeytar(specifier)) throw Object.assign(new Error(KEYTAR_REFUSED), { code: 'ERR_KEYTAR_REFUSED' });
      const resolved = next(specifier, context);
      if (isKeytar(resolved.url)) throw Object.assign(new Error(KEYTAR_REFUSED), { code: 'ERR_KEYTAR_REFUSED' });
      return resolved;
    },
  });
  // A path straight to keytar's addon (keytar.node) skips module resolution.
  const dlopen = process.dlopen.bind(process);
  process.dlopen = (module: { exports: unknown }, filename: string, flags?: number) => {
    if (/keytar/i.test(filename)) throw Object.assign(new Error(KEYTAR_REFUSED), { code: 'ERR_KEYTAR_REFUSED' });
    return flags === undefined ? dlopen(module, filename) : dlopen(module, filename, flags);
  };
}
