// The app's entry: configure the tracker once, in the browser, then render. StrictMode is on, as Vite's React
// template has it: in development React mounts, unmounts and mounts every component again, and the lesson's
// activity keeps one run through it.
import { activity } from '@learnkit/activity';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import config from '../learnkit.config.json';
import { App } from './App';

// The endpoint is our own server (same origin, the session cookie goes along); it forwards to the platform.
activity.configure({ endpoint: '/api/activity', courses: config.courses });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
