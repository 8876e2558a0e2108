/**
 * Adapter around the Kakao/Daum postcode widget (the third-party Korean address search of spec §2).
 * The screen only knows `loadPostcode()` and the small `PostcodeWidget` interface; the script is
 * loaded on demand from Kakao's CDN. Tests (and any other provider) set `window.__portalPostcode`
 * before the app starts (Playwright: `addInitScript`) to replace the widget entirely.
 */

export interface PostcodeAddress {
  /** the 5-digit zip code */
  zonecode: string;
  /** the address the user chose (road or lot address), used as addressLine1 */
  address: string;
}

export interface PostcodeWidget {
  /** Shows the search inside `container`; calls `onComplete` once the user picks an address. */
  embed(container: HTMLElement, onComplete: (a: PostcodeAddress) => void): void;
}

interface DaumPostcodeData {
  zonecode: string;
  address: string;
  roadAddress?: string;
  jibunAddress?: string;
  userSelectedType?: 'R' | 'J';
}
interface DaumPostcodeCtor {
  new (opts: { oncomplete: (d: DaumPostcodeData) => void; width?: string; height?: string }): {
    embed(el: HTMLElement, opts?: { autoClose?: boolean }): void;
  };
}

declare global {
  interface Window {
    /** test seam: a replacement widget */
    __portalPostcode?: PostcodeWidget;
    daum?: { Postcode?: DaumPostcodeCtor; postcode?: { load(cb: () => void): void } };
  }
}

export const POSTCODE_SCRIPT_URL = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';
const LOAD_TIMEOUT_MS = 10_000;

function daumWidget(Postcode: DaumPostcodeCtor): PostcodeWidget {
  return {
    embed(container, onComplete) {
      new Postcode({
        width: '100%',
        height: '100%',
        oncomplete: (d) => {
          const chosen = d.userSelectedType === 'J' ? d.jibunAddress : d.roadAddress;
          onComplete({ zonecode: d.zonecode, address: chosen || d.address });
        },
      }).embed(container, { autoClose: false });
    },
  };
}

let loading: Promise<PostcodeWidget> | null = null;

/** The widget, loading its script on first use. Rejects when it cannot load (offline, blocked). */
export function loadPostcode(): Promise<PostcodeWidget> {
  if (window.__portalPostcode) return Promise.resolve(window.__portalPostcode);
  if (window.daum?.Postcode) return Promise.resolve(daumWidget(window.daum.Postcode));
  loading ??= new Promise<PostcodeWidget>((resolve, reject) => {
    const script = document.createElement('script');
    // autoload=false: the loader script fetches the widget's core itself; we wait for it explicitly
    script.src = `${POSTCODE_SCRIPT_URL}?autoload=false`;
    script.async = true;
    const fail = () => {
      clearTimeout(timer);
      script.remove();
      loading = null; // a later click may try again (the network may be back)
      reject(new Error('postcode script unavailable'));
    };
    const timer = setTimeout(fail, LOAD_TIMEOUT_MS);
    script.onerror = fail;
    script.onload = () => {
      const loader = window.daum?.postcode;
      if (!loader) return fail();
      loader.load(() => {
        clearTimeout(timer);
        if (window.daum?.Postcode) resolve(daumWidget(window.daum.Postcode));
        else fail();
      });
    };
    document.head.append(script);
  });
  return loading;
}
