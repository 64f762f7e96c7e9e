import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { headerMenuRoutes } from './header-menu';
import { merchantFeedRoutes } from './merchant-feed';
import { robotsRoutes } from './robots';
import { sitemapRoutes } from './sitemap';

/** What the worker answers outside the page renderer: robots.txt, the sitemaps, the header's menu (JSON), the product feeds. */
export const plainRoutes = new Hono<AppEnv>()
  .route('/', robotsRoutes)
  .route('/', headerMenuRoutes)
  .route('/', sitemapRoutes)
  .route('/', merchantFeedRoutes);
