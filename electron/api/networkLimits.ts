/**
 * How much the app reads from the network. Two limits, because they guard different things:
 * - an answer read into memory (every service call, a job's output_url) is capped at
 *   `maxResponseMb`: past it main would grow by the answer's size (a 600 MB answer took it
 *   from 71 MB to 698 MB);
 * - a snapshot archive streams to disk and never sits in memory, and dataset archives of
 *   images are legitimately many gigabytes, so it gets its own, much larger cap
 *   (`maxDownloadMb`) that only keeps a runaway server from filling the disk.
 * Both come from the settings file's `network` section, read once at start-up.
 */
export const MB = 1024 * 1024;

export const DEFAULT_NETWORK_SETTINGS = { maxResponseMb: 256, maxDownloadMb: 50 * 1024 } as const;

export interface NetworkLimits {
  maxResponseBytes: number;
  maxDownloadBytes: number;
}

let limits: NetworkLimits = toLimits({});

/** The limits in force. */
export function networkLimits(): NetworkLimits {
  return limits;
}

/** Puts the settings file's `network` section in force (missing fields keep their defaults). */
export function applyNetworkSettings(
  network: { maxResponseMb?: number | undefined; maxDownloadMb?: number | undefined } | undefined,
): void {
  limits = toLimits(network ?? {});
}

function toLimits(network: { maxResponseMb?: number | undefined; maxDownloadMb?: number | undefined }): NetworkLimits {
  return {
    maxResponseBytes: Math.round((network.maxResponseMb ?? DEFAULT_NETWORK_SETTINGS.maxResponseMb) * MB),
    maxDownloadBytes: Math.round((network.maxDownloadMb ?? DEFAULT_NETWORK_SETTINGS.maxDownloadMb) * MB),
  };
}

/** `268435456` → `256 MB`; below a megabyte, in KB (tests use small caps). */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}
