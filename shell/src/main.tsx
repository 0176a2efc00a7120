import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptTokenFromUrl, configureApi, initI18n, registerTranslations, syncCartAcrossTabs, useAuthStore } from '@shop/shared';
import { App } from './app/App.tsx';
import { shellTranslations } from './i18n/index.ts';

configureApi({ token: () => useAuthStore.getState().token });
// Before the router reads the address: a customerToken query logs in and leaves the URL (spec §2/§4).
adoptTokenFromUrl();
registerTranslations(shellTranslations);
syncCartAcrossTabs();

// Render only once texts are there, so no raw key ever flashes; initI18n never rejects (bundled fallback).
void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
