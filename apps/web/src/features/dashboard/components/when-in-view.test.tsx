import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenInView } from './when-in-view';

describe('WhenInView: the world map is drawn when it comes into view (issue 17)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the placeholder until the box comes near the viewport, then the content, and stops watching', () => {
    let notify: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const disconnect = vi.fn();
    const options: unknown[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: typeof notify, opts: unknown) {
          notify = cb;
          options.push(opts);
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    render(
      <WhenInView placeholder={<p>waiting</p>} testId="slot">
        <p>the map</p>
      </WhenInView>,
    );
    expect(screen.getByTestId('slot')).toHaveTextContent('waiting');
    expect(options).toEqual([{ rootMargin: '200px' }]);
    act(() => notify!([{ isIntersecting: false }]));
    expect(screen.queryByText('the map')).toBeNull();
    act(() => notify!([{ isIntersecting: true }]));
    expect(screen.getByTestId('slot')).toHaveTextContent('the map');
    expect(disconnect).toHaveBeenCalled();
  });

  it('renders the content at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenInView placeholder={<p>waiting</p>}>
        <p>the map</p>
      </WhenInView>,
    );
    expect(screen.getByText('the map')).toBeInTheDocument();
  });
});
