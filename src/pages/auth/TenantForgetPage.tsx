/** /tenantForget — see PasswordResetForm.tsx. */
import { PasswordResetForm } from './PasswordResetForm.tsx';

export default function TenantForgetPage() {
  return <PasswordResetForm kind="tenant" />;
}
