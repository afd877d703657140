// Electron's releases for electronegativity's release check (AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK),
// in the shape of the GitHub list the tool fetches, built from the npm registry instead: the
// registry is what every machine that installs the app can reach.
import { spawnSync } from 'node:child_process';

export interface ElectronRelease {
  tag_name: string;
  version: string;
  body: string;
  npm_dist_tags: string[];
}

// The registry has no release notes. Electron's patch releases of a supported line carry
// Chromium's security fixes nearly every time, so a newer patch is treated as one.
const ASSUMED_NOTES =
  '# Security\nAssumed: a newer patch of this Electron line carries security fixes (the npm registry has no release notes).';

/** The stable releases, newest first; or why they could not be read. */
export function electronReleasesFromRegistry(): { releases: ElectronRelease[] } | { unavailable: string } {
  const npm = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['view', 'electron', 'time', 'dist-tags', '--json'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (npm.status !== 0)
    return {
      unavailable: `npm view electron failed (${npm.error?.message ?? (npm.stderr.trim().split('\n').pop() || `exit ${npm.status}`)})`,
    };
  const answer = JSON.parse(npm.stdout) as { time: Record<string, string>; 'dist-tags': Record<string, string> };
  return { releases: releasesFrom(Object.keys(answer.time), answer['dist-tags']) };
}

export function releasesFrom(versions: string[], distTags: Record<string, string>): ElectronRelease[] {
  const tagsOf = (version: string) =>
    Object.entries(distTags)
      .filter(([, v]) => v === version)
      .map(([tag]) => tag);
  return versions
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
    .sort((a, b) => compare(b, a))
    .map((version) => ({ tag_name: `v${version}`, version, body: ASSUMED_NOTES, npm_dist_tags: tagsOf(version) }));
}

function compare(a: string, b: string): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}
