// The app's entry: configure the tracker once, in the browser, then mount.
import { activity } from '@learnkit/activity';
import { createApp } from 'vue';
import config from '../learnkit.config.json';
import App from './App.vue';

// The endpoint is our own server (same origin, the session cookie goes along); it forwards to the platform.
activity.configure({ endpoint: '/api/activity', courses: config.courses });

createApp(App).mount('#root');
