import type { Category, Product } from '@market/contract';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/icon.tsx';
import { useT, type Key } from '../../lib/i18n.ts';
import { ProductCard } from './product-card.tsx';

export function SpecialProducts({ products }: { products: Product[] }) {
  const t = useT('catalog');
  if (products.length === 0) return null;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10" aria-labelledby="special-title">
      <h2 id="special-title" className="mb-6 text-center text-3xl font-bold">
        {t('home.special')}
      </h2>
      <div className="grid grid-cols-2 gap-3 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
        {products.map((p) => (
          <ProductCard key={p._id} product={p} />
        ))}
      </div>
    </section>
  );
}

export function Brands({ categories }: { categories: Category[] }) {
  const t = useT('catalog');
  return (
    <section id="brands" className="mx-auto max-w-7xl scroll-mt-4 px-4 py-10" aria-labelledby="brands-title">
      <h2 id="brands-title" className="mb-6 text-center text-3xl font-bold">
        {t('home.brands')}
      </h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {categories.map((c) => (
          <li key={c._id}>
            <Link
              to={`/category/${c._id}`}
              className="flex h-24 items-center justify-center rounded-xl p-3 transition hover:-translate-y-0.5 hover:bg-base-200"
            >
              <img src={c.categoryLogo} alt={c.category} width="240" height="96" loading="lazy" className="max-h-16 w-auto" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PromoBanner() {
  const t = useT('catalog');
  return (
    <section className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex flex-col items-center justify-between gap-4 rounded-2xl bg-gradient-to-r from-teal-800 to-emerald-600 px-8 py-10 text-white sm:flex-row">
        <div>
          <p className="text-sm uppercase tracking-widest opacity-90">{t('home.promoTag')}</p>
          <h2 className="text-3xl font-extrabold sm:text-4xl">{t('home.promoTitle')}</h2>
          <p className="mt-2 text-lg">{t('home.promoText')}</p>
        </div>
        <span className="rounded-full bg-white px-6 py-3 text-2xl font-black text-teal-800">{t('home.promoBadge')}</span>
      </div>
    </section>
  );
}

/** A card of the home page's lists: its icon, and the ids of its title and text. */
interface Item {
  title: Key<'catalog'>;
  text: Key<'catalog'>;
  icon: IconName;
}

const whyChooseUs: Item[] = [
  { icon: 'tag', title: 'home.pricingTitle', text: 'home.pricingText' },
  { icon: 'shieldCheck', title: 'home.qualityTitle', text: 'home.qualityText' },
  { icon: 'refresh', title: 'home.returnTitle', text: 'home.returnText' },
  { icon: 'lock', title: 'home.paymentTitle', text: 'home.paymentText' },
  { icon: 'headset', title: 'home.supportTitle', text: 'home.supportText' },
  { icon: 'grid', title: 'home.brandsTitle', text: 'home.brandsText' },
];

const partneredServices: Item[] = [
  { icon: 'wrench', title: 'home.repairTitle', text: 'home.repairText' },
  { icon: 'shield', title: 'home.insuranceTitle', text: 'home.insuranceText' },
  { icon: 'headphones', title: 'home.accessoryTitle', text: 'home.accessoryText' },
  { icon: 'cash', title: 'home.buybackTitle', text: 'home.buybackText' },
  { icon: 'document', title: 'home.warrantyTitle', text: 'home.warrantyText' },
  { icon: 'card', title: 'home.financingTitle', text: 'home.financingText' },
];

function ItemGrid({ id, title, items }: { id: string; title: Key<'catalog'>; items: Item[] }) {
  const t = useT('catalog');
  return (
    <section className="mx-auto max-w-7xl px-4 py-10" aria-labelledby={id}>
      <h2 id={id} className="mb-6 text-center text-3xl font-bold">
        {t(title)}
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.title} className="rounded-xl bg-base-100 p-6 shadow-sm ring-1 ring-base-200">
            <span className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Icon name={item.icon} />
            </span>
            <h3 className="text-lg font-semibold">{t(item.title)}</h3>
            <p className="mt-1 text-base-content/80">{t(item.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const WhyChooseUs = () => <ItemGrid id="why-title" title="home.whyChooseUs" items={whyChooseUs} />;
export const PartneredServices = () => <ItemGrid id="partners-title" title="home.partnered" items={partneredServices} />;
