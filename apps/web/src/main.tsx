import './app/mantine.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import { initI18n } from './lib/i18n';

/** Resolves once the first navigation has loaded its routes' code, texts and loaders (or failed). */
function routerReady() {
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
void Promise.all([initI18n().catch(() => undefined), routerReady()]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
