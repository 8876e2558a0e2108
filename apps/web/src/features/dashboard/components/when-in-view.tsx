import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `children` once its box comes within `margin` of the viewport, `placeholder` (of the same
 * height) until then. Below the fold on a phone, the world map's geometry and its 177 paths then cost
 * nothing while the page loads (issue 17: they were long tasks after the first paint). Without
 * IntersectionObserver (jsdom) it renders at once.
 */
export function WhenInView({
  children,
  placeholder,
  margin = '200px',
  testId,
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        setSeen(true);
      },
      { rootMargin: margin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [seen, margin]);
  return (
    <div ref={ref} data-testid={testId}>
      {seen ? children : placeholder}
    </div>
  );
}
