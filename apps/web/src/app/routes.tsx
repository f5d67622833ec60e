import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/auth/RequireAuth';
import { AppLayout } from '../features/layout/AppLayout';

// Route-level code splitting: each screen is its own chunk.
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const SetPasswordPage = lazy(() => import('../features/auth/SetPasswordPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const MachinesPage = lazy(() => import('../features/machines/MachinesPage'));
const MachineDetailsPage = lazy(() => import('../features/machines/MachineDetailsPage'));
const ServiceRecordListPage = lazy(() => import('../features/service-records/ServiceRecordListPage'));
const FastCreatePage = lazy(() => import('../features/fast-create/FastCreatePage'));
const FuelRecordPage = lazy(() => import('../features/fuel-record/FuelRecordPage'));
const PartPurchasePage = lazy(() => import('../features/part-purchase/PartPurchasePage'));
const ServiceRecordPage = lazy(() => import('../features/service-record/ServiceRecordPage'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage'));
const LandingPage = lazy(() => import('../features/public/LandingPage'));
const SignupPage = lazy(() => import('../features/public/SignupPage'));
const SignupSuccessPage = lazy(() => import('../features/public/SignupSuccessPage'));
const RoadmapPage = lazy(() => import('../features/public/RoadmapPage'));
const ReplaceSpreadsheetsPage = lazy(() => import('../features/public/ReplaceSpreadsheetsPage'));
const AboutPage = lazy(() => import('../features/public/AboutPage'));
const PricingPage = lazy(() => import('../features/public/PricingPage'));
const ContactSalesPage = lazy(() => import('../features/public/ContactSalesPage'));
const PlatinumInquiryPage = lazy(() => import('../features/public/PlatinumInquiryPage'));
const DuePage = lazy(() => import('../features/schedules/DuePage'));
const PartsPage = lazy(() => import('../features/inventory/PartsPage'));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));
const ImportWizardPage = lazy(() => import('../features/imports/ImportWizardPage'));
const InvitationPage = lazy(() => import('../features/auth/InvitationPage'));
const WorkOrdersPage = lazy(() => import('../features/work-orders/WorkOrdersPage'));
const WorkOrderPage = lazy(() => import('../features/work-orders/WorkOrderPage'));
const IssuesPage = lazy(() => import('../features/work-orders/IssuesPage'));
const MyWorkPage = lazy(() => import('../features/work-orders/MyWorkPage'));
const InspectPage = lazy(() => import('../features/inspections/InspectPage'));
const InspectionPage = lazy(() => import('../features/inspections/InspectionPage'));
const NotFoundPage = lazy(() => import('../features/layout/NotFoundPage'));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      // Public (spec doc 2 section 2).
      { index: true, element: <LandingPage /> },
      { path: 'landing', element: <LandingPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'set-password', element: <SetPasswordPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'signup-success', element: <SignupSuccessPage /> },
      { path: 'roadmap', element: <RoadmapPage /> },
      { path: 'replacespreadsheets', element: <ReplaceSpreadsheetsPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'pricing', element: <PricingPage /> },
      { path: 'contact-sales', element: <ContactSalesPage /> },
      { path: 'platinumAccountRequest', element: <PlatinumInquiryPage /> },
      // Issue 32: an invitation's link, signed in or not.
      { path: 'invitations/:token', element: <InvitationPage /> },
      // Sign-in required.
      {
        element: <RequireAuth />,
        children: [
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'machines', element: <MachinesPage /> },
          { path: 'machines/:name', element: <MachineDetailsPage /> },
          { path: 'services', element: <ServiceRecordListPage /> },
          { path: 'parts', element: <PartsPage /> },
          { path: 'due', element: <DuePage /> },
          { path: 'reports', element: <ReportsPage /> },
          { path: 'parts/:id', element: <PartPurchasePage /> },
          { path: 'fast-create', element: <FastCreatePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'import', element: <ImportWizardPage /> },
          { path: 'fuel-record', element: <FuelRecordPage /> },
          { path: 'fuel-record/:id', element: <FuelRecordPage /> },
          { path: 'service-record', element: <ServiceRecordPage /> },
          { path: 'service-record/:id', element: <ServiceRecordPage /> },
          { path: 'part-purchase', element: <PartPurchasePage /> },
          { path: 'part-purchase/:id', element: <PartPurchasePage /> },
          // Issue 35: issues and work orders.
          { path: 'issues', element: <IssuesPage /> },
          { path: 'work-orders', element: <WorkOrdersPage /> },
          { path: 'work-orders/:id', element: <WorkOrderPage /> },
          { path: 'my-work', element: <MyWorkPage /> },
          { path: 'machines/:name/inspect', element: <InspectPage /> },
          { path: 'inspections/:id', element: <InspectionPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
