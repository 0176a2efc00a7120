import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '@fontsource-variable/figtree';
import { tokensCss } from '@shop/shared/css';
import { App } from './App.tsx';

// The shop's design tokens (colours, font, focus ring) as CSS custom properties; the MUI theme uses their values.
const style = document.createElement('style');
style.textContent = tokensCss;
document.head.append(style);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Real paths (/courses/12, /setup#token=…), not react-admin's default hash router: the setup link's token is the fragment. */}
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
