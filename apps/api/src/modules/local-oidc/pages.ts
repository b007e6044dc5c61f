import { escapeHtml as escape } from '../../html.ts';
/** The local provider's one screen: who are you (name, e-mail), then Continue or Cancel. */

/** Someone to be when nobody types anything else. */
export const demoGoogleUser = { name: 'Nusrat Jahan', email: 'nusrat.google@resale.demo' };

const style = `body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;color:#0f172a}
main{background:#fff;border-radius:12px;box-shadow:0 4px 20px #0002;padding:24px;width:min(100% - 32px,380px)}
h1{font-size:1.2rem;margin:0 0 4px}p{margin:0 0 16px;color:#475569;font-size:.9rem}
label{display:block;font-size:.9rem;margin:12px 0 4px}input{box-sizing:border-box;width:100%;padding:8px;border:1px solid #94a3b8;border-radius:6px;font-size:1rem}
.row{display:flex;gap:8px;margin-top:20px}button{flex:1;padding:10px;border-radius:6px;border:1px solid #1d4ed8;font-size:1rem;cursor:pointer}
.go{background:#1d4ed8;color:#fff}.stop{background:#fff;color:#1d4ed8}.error{color:#b91c1c;margin:8px 0 0}`;

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`;
}

export function authorizePage(params: Record<string, string>, fields: { name: string; email: string }, error?: string) {
  const hidden = Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  return page(
    'Sign in with Google (local test provider)',
    `<h1>Sign in with Google (local test provider)</h1>
<p>This stands in for Google on this computer. Type the name and e-mail of the Google account to sign in as.</p>
<p>Anyone using this screen can type any address, so it only signs in to Buyer accounts it created itself, never to an account made with a password. Do not use it for real data.</p>
<form method="post" action="authorize">${hidden}
<label for="name">Name</label><input id="name" name="name" autocomplete="name" required maxlength="80" value="${escape(fields.name)}">
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escape(fields.email)}">
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<div class="row"><button class="go" type="submit" name="action" value="continue">Continue</button><button class="stop" type="submit" name="action" value="cancel" formnovalidate>Cancel</button></div>
</form>`,
  );
}

export function errorPage(message: string) {
  return page('Sign-in error', `<h1>Sign-in error</h1><p role="alert">${escape(message)}</p>`);
}

/** Initials on a coloured disc: the `picture` of the provider's users. */
export function avatarSvg(name: string) {
  const initials =
    name
      .split(/\s+/)
      .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase() || '?';
  const colours = ['#0f766e', '#1d4ed8', '#7c3aed', '#be185d', '#c2410c', '#15803d'];
  const colour = colours[[...name].reduce((sum, c) => sum + c.codePointAt(0)!, 0) % colours.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><circle cx="64" cy="64" r="64" fill="${colour}"/><text x="64" y="78" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${escape(initials)}</text></svg>`;
}
