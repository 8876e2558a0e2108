import { describe, expect, it } from 'vitest';
import { VIEW_W, worldGeometry } from '../../../world-geometry';

describe('world map geometry projected at build time', () => {
  const world = worldGeometry();
  const numbers = (d: string) => (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

  it('has every country of world-atlas 110m but Antarctica, each with an SVG path', () => {
    const ids = world.countries.map((c) => c.id);
    expect(ids).not.toContain('010');
    expect(ids).toEqual(expect.arrayContaining(['410', '840', '392', '826', '250', '124', '156']));
    expect(world.countries.length).toBeGreaterThan(170);
    for (const c of world.countries) expect(c.d).toMatch(/^M/);
  });

  it('fits the 960-wide viewBox, rounded to a tenth, and places countries where they are', () => {
    for (const c of world.countries) {
      const xy = numbers(c.d);
      for (const [i, v] of xy.entries()) {
        expect(v).toBeGreaterThanOrEqual(-0.1);
        expect(v).toBeLessThanOrEqual((i % 2 === 0 ? VIEW_W : world.height) + 0.1);
        expect(Math.round(v * 10) / 10).toBe(v);
      }
    }
    const at = (id: string) => world.countries.find((c) => c.id === id)!.centroid;
    // the United States west of Korea, Korea north of Australia
    expect(at('840')[0]).toBeLessThan(at('410')[0]);
    expect(at('410')[1]).toBeLessThan(at('036')[1]);
    expect(world.height).toBeGreaterThan(VIEW_W / 3);
    expect(world.height).toBeLessThan(VIEW_W / 1.5);
  });
});
