/**
 * /tenantRegister — an enterprise registers itself (EnterpriseRegistrationForm.tsx); with ?join=1 a person
 * registers as an employee of an enterprise already approved (RegistrationForm.tsx, kind tenant).
 */
import { useSearchParams } from 'react-router-dom';
import { EnterpriseRegistrationForm } from './EnterpriseRegistrationForm.tsx';
import { RegistrationForm } from './RegistrationForm.tsx';

export default function TenantRegisterPage() {
  const [search] = useSearchParams();
  return search.get('join') ? <RegistrationForm kind="tenant" /> : <EnterpriseRegistrationForm />;
}
