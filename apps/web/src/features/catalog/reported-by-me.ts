/**
 * The phones this browser's user has reported (issue 16: one report per user per phone), so that reporting one
 * again shows the spec's success toast without a new call. Kept per user in localStorage.
 */
const key = (userId: string) => `reported-phones:${userId}`;

export function reportedByMe(userId: string): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(key(userId)) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberReported(userId: string, productId: string) {
  const list = reportedByMe(userId);
  if (list.includes(productId)) return;
  try {
    localStorage.setItem(key(userId), JSON.stringify([...list, productId].slice(-500)));
  } catch {
    // Storage full or blocked: the server still refuses a second report.
  }
}
