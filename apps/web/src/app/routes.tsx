import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/auth/RequireAuth';
import { AppLayout } from '../features/layout/AppLayout';

// Route-level code splitting: each screen is its own chunk.
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const MachinesPage = lazy(() => import('../features/machines/MachinesPage'));
const MachineDetailsPage = lazy(() => import('../features/machines/MachineDetailsPage'));
const ServicesPage = lazy(() => import('../features/services/ServicesPage'));
const FastCreatePage = lazy(() => import('../features/placeholders/FastCreatePage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const Placeholder = lazy(() => import('../features/placeholders/PlaceholderPage'));
const PublicPage = lazy(() => import('../features/public/PublicPage'));
const PartsPage = lazy(() => import('../features/inventory/PartsPage'));
const NotFoundPage = lazy(() => import('../features/placeholders/NotFoundPage'));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      // Public (spec doc 2 section 2).
      { index: true, element: <PublicPage page="landing" /> },
      { path: 'landing', element: <PublicPage page="landing" /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <PublicPage page="signup" /> },
      { path: 'signup-success', element: <PublicPage page="signup-success" /> },
      { path: 'roadmap', element: <PublicPage page="roadmap" /> },
      { path: 'replacespreadsheets', element: <PublicPage page="replacespreadsheets" /> },
      { path: 'about', element: <PublicPage page="about" /> },
      { path: 'pricing', element: <PublicPage page="pricing" /> },
      { path: 'contact-sales', element: <PublicPage page="contact-sales" /> },
      { path: 'platinumAccountRequest', element: <PublicPage page="platinumAccountRequest" /> },
      // Sign-in required.
      {
        element: <RequireAuth />,
        children: [
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'machines', element: <MachinesPage /> },
          { path: 'machines/:name', element: <MachineDetailsPage /> },
          { path: 'services', element: <ServicesPage /> },
          { path: 'parts', element: <PartsPage /> },
          { path: 'parts/:id', element: <Placeholder screen="part-purchase" /> },
          { path: 'fast-create', element: <FastCreatePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'fuel-record', element: <Placeholder screen="fuel-record" /> },
          { path: 'fuel-record/:id', element: <Placeholder screen="fuel-record" /> },
          { path: 'service-record', element: <Placeholder screen="service-record" /> },
          { path: 'service-record/:id', element: <Placeholder screen="service-record" /> },
          { path: 'part-purchase', element: <Placeholder screen="part-purchase" /> },
          { path: 'part-purchase/:id', element: <Placeholder screen="part-purchase" /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
