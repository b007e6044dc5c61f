/** The file's name as the server gave it (`attachment; filename="sales-2026-11-25.csv"`), if it gave one. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // not percent-encoded after all: the plain filename below
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  // Only a name: never a path the browser would be asked to write elsewhere.
  return name ? name.replace(/[/\\]/g, '_') : null;
}

/** Today in the reader's own calendar, for a file the server did not name: `sales-2026-11-25.csv`. */
export const datedName = (prefix: string, now = new Date()) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
};

/**
 * Downloads a file the API makes (the seller's sales CSV, an Admin's bank batch). The API wants the session's token,
 * which a plain link would not carry: the file is fetched with it and saved through an object URL. A refusal rejects
 * with its body as `data`, as RTK Query's errors do, so `errorMessage` says it in the page's language.
 */
export async function downloadFile(
  path: string,
  { token, method = 'GET', fallbackName }: { token: string | null; method?: 'GET' | 'POST'; fallbackName: string },
) {
  // The token raw, without a scheme, as lib/api.ts sends it.
  const res = await fetch(path, { method, headers: token ? { authorization: token } : {} });
  if (!res.ok) throw { status: res.status, data: await res.json().catch(() => undefined) };
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res.headers.get('content-disposition')) ?? fallbackName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The browser has started the download once the click is handled; the URL is let go a moment later.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
}
