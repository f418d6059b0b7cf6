import { lazyRouteComponent } from '@tanstack/react-router';

// `/` is two screens: visitors download only the landing page, members only Home. Route
// loaders preload the one they need, so it renders at once instead of suspending for a frame
// (the browser's first render must match the page the server rendered).
export const Landing = lazyRouteComponent(() => import('./landing'), 'Landing');
export const Home = lazyRouteComponent(() => import('./home'), 'Home');
