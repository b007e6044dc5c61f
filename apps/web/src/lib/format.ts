const number = new Intl.NumberFormat('en-IN');

/** Taka amounts with South Asian digit grouping: 1,25,000. */
export const taka = (amount: number) => number.format(amount);

export const localDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};
