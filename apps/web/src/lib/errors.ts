/** The server's message from a failed call (`massage` is the spec's spelling), or the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: { massage?: unknown; message?: unknown } } | undefined)?.data;
  const message = data?.massage ?? data?.message;
  return typeof message === 'string' && message ? message : fallback;
}
