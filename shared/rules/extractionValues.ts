/** The values rules run over: an extraction's own object, wherever its kind of result keeps it. */
export function extractionValues(result: { kind: string; response: unknown }): unknown {
  const response = result.response as { extraction?: unknown; data?: { extracted_schema?: unknown } } | null;
  if (typeof response !== 'object' || response === null) return null;
  return result.kind === 'analyzer' ? (response.data?.extracted_schema ?? null) : (response.extraction ?? null);
}
