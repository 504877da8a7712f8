/** /logout (spec §2 'Route guard'): visiting it logs off, then the login page (or the CAS logout) opens. */
import { useEffect } from 'react';
import { PageLoading } from '../../app/PageLoading.tsx';
import { logout } from '../../session/logout.ts';

export default function LogoutPage() {
  useEffect(() => {
    void logout();
  }, []);
  return <PageLoading />;
}
