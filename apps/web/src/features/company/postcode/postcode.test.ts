import { afterEach, describe, expect, it } from 'vitest';
import { loadPostcode, POSTCODE_SCRIPT_URL, type PostcodeWidget } from './postcode';

afterEach(() => {
  delete window.__portalPostcode;
  delete window.daum;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

const injected = () => document.head.querySelector<HTMLScriptElement>(`script[src^="${POSTCODE_SCRIPT_URL}"]`);

describe('postcode adapter', () => {
  it('uses the window seam when set, without loading any script', async () => {
    const stub: PostcodeWidget = { embed: () => {} };
    window.__portalPostcode = stub;
    await expect(loadPostcode()).resolves.toBe(stub);
    expect(injected()).toBeNull();
  });

  it('loads the Daum script on demand and rejects when it cannot load; a later call tries again', async () => {
    const first = loadPostcode();
    const script = injected();
    expect(script?.src).toBe(`${POSTCODE_SCRIPT_URL}?autoload=false`);
    script!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('postcode script unavailable');
    expect(injected()).toBeNull();
    const second = loadPostcode();
    expect(injected()).not.toBeNull();
    injected()!.dispatchEvent(new Event('error'));
    await expect(second).rejects.toThrow();
  });

  it('maps the widget answer to zip code and address (road or lot, as the user chose)', async () => {
    const picks: unknown[] = [];
    class FakePostcode {
      constructor(private opts: { oncomplete: (d: object) => void }) {}
      embed() {
        this.opts.oncomplete({
          zonecode: '04524',
          address: 'x',
          roadAddress: '서울 중구 세종대로 110',
          jibunAddress: '서울 중구 태평로1가 31',
          userSelectedType: 'J',
        });
      }
    }
    const p = loadPostcode();
    window.daum = {
      postcode: {
        load: (cb) => {
          window.daum!.Postcode = FakePostcode as never;
          cb();
        },
      },
    };
    injected()!.dispatchEvent(new Event('load'));
    const widget = await p;
    widget.embed(document.createElement('div'), (a) => picks.push(a));
    expect(picks).toEqual([{ zonecode: '04524', address: '서울 중구 태평로1가 31' }]);
  });
});
