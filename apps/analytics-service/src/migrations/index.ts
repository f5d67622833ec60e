import { CreatePageViews1763742000000 } from './1763742000000-create-page-views.js';

export const migrations = [CreatePageViews1763742000000];
