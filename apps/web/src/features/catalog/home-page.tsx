import { Carousel } from '../../components/carousel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useCategoriesQuery } from '../../lib/shared-api.ts';
import { useAdvertisedProductsQuery } from './api.ts';
import { Brands, PartneredServices, PromoBanner, SpecialProducts, WhyChooseUs } from './home-sections.tsx';

export function HomePage() {
  const advertised = useAdvertisedProductsQuery();
  const { data: categories = [] } = useCategoriesQuery();
  if (advertised.isLoading) return <Spinner label="Loading products" />;
  // The first page (50, newest first): the home page shows those.
  const products = advertised.data?.data ?? [];
  return (
    <main>
      <h1 className="sr-only">Resale Phones: second-hand mobile phones</h1>
      {products.length > 0 && (
        <div className="px-4 pt-6">
          <Carousel label="Advertised phones" images={products.map((p) => p.img)} />
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
