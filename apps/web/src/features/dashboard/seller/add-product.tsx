import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@market/contract';
import { sellerOnly } from '@market/contract/risk';
import { CheckWords, ConfirmNumberLink } from '../../../components/check-notice.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useAddProductMutation } from './api.ts';
import { ProductForm } from './product-form.tsx';

/**
 * The seller's new listing: the spec's form and toast, then the listing posted, with the way to it, to My Products and
 * to another listing (issue 35: after Post the seller saw an empty form and nothing of the phone they listed).
 */
export default function AddProduct() {
  const [addProduct] = useAddProductMutation();
  const t = useT('dashboard');
  const [posted, setPosted] = useState<Product | null>(null);
  const { user } = useAuth();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Where the keyboard and a screen reader go next: what happened.
    if (posted) heading.current?.focus();
  }, [posted]);
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold">{t('addProduct.title')}</h1>
      {posted ? (
        <div className="space-y-4 rounded-box bg-base-200 p-6">
          <h2 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
            {t(
              posted.check
                ? posted.check.state === 'waiting' && sellerOnly(posted.check.signals)
                  ? 'addProduct.numberTitle'
                  : 'addProduct.heldTitle'
                : 'addProduct.postedTitle',
              { name: posted.productName },
            )}
          </h2>
          {/* Held for a check (issue 36): not for buyers yet, and why. */}
          {posted.check ? <CheckWords check={posted.check} /> : <p>{t('addProduct.postedText')}</p>}
          <div className="flex flex-wrap gap-3">
            <Link to={`/detail-product/${posted._id}`} className="btn btn-primary">
              {t('addProduct.seeListing')}
            </Link>
            <Link to="/dashboard/myProduct" className="btn btn-outline">
              {t('addProduct.myProducts')}
            </Link>
            <button type="button" className="btn btn-ghost" onClick={() => setPosted(null)}>
              {t('addProduct.another')}
            </button>
          </div>
        </div>
      ) : (
        <>
          {/* Issue 36: a seller without a confirmed number learns before posting that the listing waits for it. */}
          {user && !user.confirmedNumber && (
            <div className="mb-6">
              <Notice tone="info">
                <p>{t('addProduct.numberFirst')}</p>
                <p className="mt-1">
                  <ConfirmNumberLink />
                </p>
              </Notice>
            </div>
          )}
          <ProductForm
            submitLabel={t('addProduct.post')}
            onSave={async ({ imei = '', ...body }) => {
              // The form asks a new listing for its IMEI.
              const listing = await addProduct({ ...body, imei }).unwrap();
              notify.success(t('addProduct.added'));
              setPosted(listing);
            }}
          />
        </>
      )}
    </section>
  );
}
