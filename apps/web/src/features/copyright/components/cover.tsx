/** A cover thumbnail (served by our own server); decorative beside the title. */
export function Cover({ src }: { src: string }) {
  return src ? <img src={src} alt="" width={26} height={37} loading="lazy" style={{ display: 'block', borderRadius: 2 }} /> : null;
}
