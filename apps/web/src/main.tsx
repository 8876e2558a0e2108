import './app/mantine.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, type AppRouter } from './app/router';
import { initI18n } from './lib/i18n';

/** Resolves once the first navigation has loaded its routes' code, texts and loaders (or failed). */
function routerReady(router: AppRouter) {
  return new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// The first render waits for the common texts and the first screen: rendered earlier, it would only
// show a loading fallback, and React holds back the content that replaces a just-shown fallback for
// 300 ms. Until then index.html's static loading indicator shows. As a transition, the first render
// of the whole screen yields to the browser every few milliseconds instead of blocking it in one task.
// The router is created in a task after this one, which evaluates the entry's modules: together they
// were one task of 35-45 ms on a 2-core machine, four times that on a phone (issue 17).
const texts = initI18n().catch(() => undefined);
setTimeout(() => {
  const router = createAppRouter();
  void Promise.all([texts, routerReady(router)]).then(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    );
  });
}, 0);
