/**
 * The parser host's environment: only what a process needs to run and find a temp folder,
 * named one by one. Nothing of main's own (GROUNDWORK_* settings, tokens a user exported,
 * NODE_OPTIONS that could load code) reaches the process that reads untrusted files.
 */
const PASSED = ['PATH', 'SYSTEMROOT', 'SystemRoot', 'WINDIR', 'TEMP', 'TMP', 'TMPDIR', 'LANG', 'LC_ALL'];

export function parserHostEnv(from: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASSED) {
    const value = from[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
