import { Carousel } from '../../components/carousel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useT } from '../../lib/i18n.ts';
import { useCategoriesQuery } from '../../lib/shared-api.ts';
import { useAdvertisedProductsQuery } from './api.ts';
import { Brands, PartneredServices, PromoBanner, SpecialProducts, WhyChooseUs } from './home-sections.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';

export function HomePage() {
  const advertised = useAdvertisedProductsQuery();
  const { data: categories = [] } = useCategoriesQuery();
  const t = useT('catalog');
  usePageTitle(t('pageTitle.home'), { whole: true });
  if (advertised.isLoading) return <Spinner label={t('products.loading')} />;
  // The first page (50, newest first): the home page shows those.
  const products = advertised.data?.data ?? [];
  return (
    <main>
      <h1 className="sr-only">{t('home.title')}</h1>
      {products.length > 0 && (
        <div className="px-4 pt-6">
          <Carousel label={t('home.advertised')} slides={products.map((p) => ({ src: p.img, name: p.productName, href: `/detail-product/${p._id}` }))} />
        </div>
      )}
      <SpecialProducts products={products} />
      <Brands categories={categories} />
      <PromoBanner />
      <WhyChooseUs />
      <PartneredServices />
    </main>
  );
}
