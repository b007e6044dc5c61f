import { useRoutes } from 'react-router';
import { dashboardRoutes } from './dashboard-routes.tsx';

/** The dashboard's own routes, below /dashboard/*. Loaded lazily, so the public pages do not carry it. */
export default function DashboardApp() {
  return useRoutes([dashboardRoutes]);
}
