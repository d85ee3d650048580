import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { askEarly } from './app/ask-early';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

askEarly(window.location);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
