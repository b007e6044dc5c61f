import { useT, type Key } from '../../lib/i18n.ts';
import { usePageTitle } from '../../components/use-page-title.ts';

/** The spec's questions, each with its answer's paragraphs (catalog ids: the texts are in 'blog'). */
const posts: { q: Key<'blog'>; a: Key<'blog'>[] }[] = [
  { q: 'blog.stateQ', a: ['blog.stateA1', 'blog.stateA2', 'blog.stateA3', 'blog.stateA4'] },
  { q: 'blog.prototypeQ', a: ['blog.prototypeA1', 'blog.prototypeA2', 'blog.prototypeA3'] },
  { q: 'blog.unitTestQ', a: ['blog.unitTestA1', 'blog.unitTestA2', 'blog.unitTestA3'] },
  { q: 'blog.frameworksQ', a: ['blog.frameworksA1', 'blog.frameworksA2', 'blog.frameworksA3'] },
];

export function BlogPage() {
  const t = useT('blog');
  usePageTitle(t('blog.title'));
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="mb-8 text-center text-3xl font-bold">{t('blog.title')}</h1>
      <div className="space-y-6">
        {posts.map((post) => (
          <article key={post.q} className="card bg-base-100 shadow-sm ring-1 ring-base-200">
            <div className="card-body">
              <h2 className="card-title text-xl">{t(post.q)}</h2>
              {post.a.map((paragraph) => (
                <p key={paragraph} className="leading-relaxed text-base-content/85">
                  {t(paragraph)}
                </p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </main>
  );
}
