/**
 * The renderer's Content Security Policy, sent as a header by both shells. Only our own
 * scripts run; pdf.js gets its worker; the renderer cannot reach the network (main makes
 * every call), so connect-src allows only our own origin and in-memory blobs.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "font-src 'self' data:",
  "connect-src 'self' blob: data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
