/** Paying with bKash (issue 17): what happens next, and the button that sends the buyer to bKash's page. */
export function BkashPay({ busy, onPay }: { busy: boolean; onPay(): void }) {
  return (
    <div className="space-y-3">
      <p>You confirm the payment on bKash's page with your bKash account number, the code bKash sends you and your PIN, then come back here.</p>
      <button type="button" className="btn w-full border-[#e2136e] bg-[#e2136e] text-white hover:bg-[#c0105d]" onClick={onPay} disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Pay with bKash
      </button>
    </div>
  );
}
