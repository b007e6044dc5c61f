import { useAuth } from '../auth/use-auth.ts';

/** The dashboards of each role arrive with the dashboards issue; this is their entry point. */
export default function DashboardHome() {
  const { user, role } = useAuth();
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <p className="mt-2">
        Signed in as {user?.name} ({role}).
      </p>
    </main>
  );
}
