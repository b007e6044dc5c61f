import { Link } from 'react-router';
import { useT } from '../lib/i18n.ts';

/** The spec's Quick Links, each to a real place: the brands on the home page are where shopping starts; Contact is this footer's address. */
const quickLinks = [
  { label: 'footer.home', to: '/' },
  { label: 'footer.shop', to: '/#brands' },
  { label: 'footer.blog', to: '/blog' },
  { label: 'footer.contact', to: '#contact' },
] as const;

const social = [
  { label: 'Facebook', path: 'M13 22v-8h3l.5-4H13V7.5c0-1.1.3-1.9 1.9-1.9H17V2.2A28 28 0 0 0 14.4 2C11.8 2 10 3.6 10 6.5V10H7v4h3v8h3z' },
  {
    label: 'Twitter',
    path: 'M22 5.9a8 8 0 0 1-2.4.7 4.1 4.1 0 0 0 1.8-2.3 8 8 0 0 1-2.6 1A4.1 4.1 0 0 0 11.8 9 11.6 11.6 0 0 1 3.4 4.6a4.1 4.1 0 0 0 1.3 5.5 4 4 0 0 1-1.9-.5 4.1 4.1 0 0 0 3.3 4 4.1 4.1 0 0 1-1.8.1 4.1 4.1 0 0 0 3.8 2.8A8.2 8.2 0 0 1 2 18.3 11.6 11.6 0 0 0 8.3 20c7.5 0 11.7-6.3 11.7-11.7v-.5A8.3 8.3 0 0 0 22 5.9z',
  },
  {
    label: 'YouTube',
    path: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z',
  },
];

export function Footer() {
  const t = useT();
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <section>
          <h2 className="mb-3 text-lg font-semibold">{t('footer.about')}</h2>
          <p className="text-sm leading-relaxed opacity-90">{t('footer.aboutText')}</p>
        </section>
        <section>
          <h2 className="mb-3 text-lg font-semibold">{t('footer.quickLinks')}</h2>
          <ul className="text-sm sm:space-y-1">
            {quickLinks.map(({ label, to }) => (
              <li key={label}>
                <Link to={to} className="link-hover link inline-flex min-h-11 items-center sm:min-h-0">
                  {t(label)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section id="contact">
          <h2 className="mb-3 text-lg font-semibold">{t('footer.getInTouch')}</h2>
          <address className="space-y-1 text-sm not-italic opacity-90">
            <p>{t('footer.address')}</p>
            <p>{t('footer.phone', { phone: '+880 1700-000000' })}</p>
            <p>{t('footer.email', { email: 'hello@resalephones.example' })}</p>
          </address>
          <div className="mt-3 flex gap-3" aria-label={t('footer.social')}>
            {social.map((s) => (
              <svg key={s.label} role="img" aria-label={s.label} viewBox="0 0 24 24" width="24" height="24" className="fill-current opacity-80">
                <path d={s.path} />
              </svg>
            ))}
          </div>
        </section>
      </div>
      <p className="border-t border-neutral-content/20 py-4 text-center text-sm opacity-80">{t('footer.copyright')}</p>
    </footer>
  );
}
