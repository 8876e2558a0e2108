import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSectionData } from './section';

const isEmpty = (d: number[]) => d.length === 0;
type Q = { isError: boolean; data?: number[] };

describe('useSectionData: what a dashboard section shows for its query', () => {
  it('is pending without data, then ready with the data', () => {
    const { result, rerender } = renderHook((q: Q) => useSectionData(q, isEmpty), {
      initialProps: { isError: false } as Q,
    });
    expect(result.current).toEqual({ state: 'pending', data: undefined });
    rerender({ isError: false, data: [1, 2] });
    expect(result.current).toEqual({ state: 'ready', data: [1, 2] });
  });

  it('is empty when the data says so, and an error wins over stale data', () => {
    const { result, rerender } = renderHook((q: Q) => useSectionData(q, isEmpty), {
      initialProps: { isError: false, data: [] } as Q,
    });
    expect(result.current.state).toBe('empty');
    rerender({ isError: true, data: [] });
    expect(result.current.state).toBe('error');
  });
});
