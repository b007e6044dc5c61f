/** The URL's search parameters for a search's filters and order: a list as the same key repeated, empty values left out. */
export function writeSearch(args: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  return params;
}
