import type { Lang } from '@market/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstScreen, statusOf } from './data.ts';
import { headHtml, pageHead } from './head.ts';
import { pageLang } from './page-lang.ts';
import { pageHtml } from './shell.ts';
import { perApp } from './single-flight.ts';
import { inProcessFetch, publicReader, type PublicReader, type WebRender } from './web-render.ts';

/** The app's render of the page; if it fails, the page goes out with the shell (the app renders it in the browser) and the failure is logged. */
async function renderOrNot(read: PublicReader, request: FastifyRequest, webRender: WebRender, lang: Lang) {
  try {
    return await webRender.render({ url: request.url, lang, fetchFn: inProcessFetch(read) });
  } catch (err) {
    request.log.error({ err }, 'the server render of a page failed');
    return null;
  }
}

/** The pages the server renders with React: what a shared link or a search engine opens, and the login and the blog (issue 35). */
const drawnPages = new Set(['home', 'category', 'detail', 'search', 'seller', 'prices', 'login', 'blog']);

export interface PageRequest {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The built web app's index.html. */
  template: string;
  webRender: WebRender;
  /** Where browsers reach us (public-origin.ts): never the request's Host. */
  origin: string;
}

/** A page as it is sent: its status and HTML. */
interface SentPage {
  status: number;
  html: string;
}

/**
 * A page of the web app with its first screen (decision 019) and its own head (decision 030), in the
 * page's language. Its status says what the page is: 200, 410 for a sold phone, 404 for what is not
 * (or no longer) there, 503 when the API could not say; the app starts on every one of them. The HTML
 * differs by the language cookie and Accept-Language, so caches are told.
 */
export async function sendPage(app: FastifyInstance, { request, reply, template, webRender, origin }: PageRequest) {
  const [path = '', query = ''] = request.url.split('?');
  const lang = pageLang(request);
  // The page is the same for every visitor in a language (drawn for a signed-out one), so it is kept with the
  // public API answers it was drawn from, and dropped with them on the next write (here or on another instance).
  const key = `page ${lang} ${request.url}`;
  const kept = app.publicCache.get(key);
  if (kept) return sendHtml(reply, { status: kept.status, html: kept.body.toString('utf8') });
  // Visitors who ask for the page while it is being drawn get that drawing.
  const since = app.publicCache.generation;
  const page = await drawingsOf(app)(`${since} ${key}`, async () => {
    const read = publicReader(app);
    const screen = await firstScreen(read, path, query);
    // The public pages for sale, drawn by the app's own components (decision 033); the others get the shell.
    const drawn = drawnPages.has(screen.view.page) ? await renderOrNot(read, request, webRender, lang) : null;
    const head = headHtml(pageHead(screen, lang), lang, origin);
    const drawing = { status: statusOf(screen.view), html: pageHtml(template, screen, lang, head, drawn) };
    // Kept unless the API could not say what the page is, or the render that should have drawn it failed: those are tried anew.
    if (drawing.status !== 503 && (drawn || !drawnPages.has(screen.view.page))) app.publicCache.set(key, since, Buffer.from(drawing.html), {}, drawing.status);
    return drawing;
  });
  return sendHtml(reply, page);
}

const drawingsOf = perApp<FastifyInstance, SentPage>();

function sendHtml(reply: FastifyReply, { status, html }: SentPage) {
  if (status === 503) void reply.header('retry-after', '30');
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'cookie, accept-language').send(html);
}
