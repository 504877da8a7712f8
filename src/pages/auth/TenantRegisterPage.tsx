/** /tenantRegister — see RegistrationForm.tsx. */
import { RegistrationForm } from './RegistrationForm.tsx';

export default function TenantRegisterPage() {
  return <RegistrationForm kind="tenant" />;
}
