/** The web app's pages that e-mailed links open. */
export function accountLinks(origin: string) {
  return {
    verify: (token: string) => `${origin}/verify-email?token=${token}`,
    reset: (token: string) => `${origin}/reset-password?token=${token}`,
    forgot: `${origin}/forgot-password`,
    login: `${origin}/login`,
  };
}
export type AccountLinks = ReturnType<typeof accountLinks>;
