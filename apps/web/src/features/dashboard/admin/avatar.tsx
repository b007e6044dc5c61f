export function Avatar({ src, name }: { src: string; name: string }) {
  return <img src={src || '/favicon.svg'} alt={name} width="40" height="40" className="h-10 w-10 max-w-none rounded-full object-cover" loading="lazy" />;
}
