// The offline page's Try again (public/offline.html; a file of its own: the site's CSP runs no inline script).
document.getElementById('retry')?.addEventListener('click', () => location.reload());
// Back online: the page the person wanted.
addEventListener('online', () => location.reload());
