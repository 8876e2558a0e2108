import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTER_ANIMATION_MS, CountUp } from './counters';

describe('CountUp: a counter figure that counts up (spec §9) without a render per frame (issue 17)', () => {
  afterEach(() => vi.useRealTimers());

  it('counts from 0 to the figure over the animation, in the UI language, writing its own text node', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const renders = vi.fn();
    function Probe({ n }: { n: number }) {
      renders();
      return (
        <p data-testid="value">
          <CountUp target={n} lng="en" />
        </p>
      );
    }
    render(<Probe n={12345} />);
    const value = screen.getByTestId('value');
    expect(value).toHaveTextContent(/^0$/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COUNTER_ANIMATION_MS / 2);
    });
    const half = Number(value.textContent!.replace(/,/g, ''));
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(12345);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COUNTER_ANIMATION_MS);
    });
    expect(value).toHaveTextContent(/^12,345$/);
    // the frames did not render the component again
    expect(renders).toHaveBeenCalledTimes(1);
  });

  it('jumps to the figure when motion is reduced, and to a new figure from where it is', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((q: string) => ({ ...matchMedia(q), matches: q.includes('reduce') })) as typeof window.matchMedia;
    try {
      const { rerender } = render(
        <p data-testid="value">
          <CountUp target={1500} lng="ko" />
        </p>,
      );
      expect(screen.getByTestId('value')).toHaveTextContent(/^1,500$/);
      rerender(
        <p data-testid="value">
          <CountUp target={2500000} lng="ko" />
        </p>,
      );
      expect(screen.getByTestId('value')).toHaveTextContent(/^2,500,000$/);
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
