/** A phone number a tap calls (the `tel:` link keeps only digits and a leading +). */
export function PhoneLink({ number }: { number: string }) {
  return (
    <a className="link whitespace-nowrap" href={`tel:${number.replace(/[^\d+]/g, '')}`}>
      {number}
    </a>
  );
}
