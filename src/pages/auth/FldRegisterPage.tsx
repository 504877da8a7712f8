/**
 * /fldRegister — an enterprise that files cases registers itself (spec §2: /tenantRegister and /fldRegister
 * are both enterprise registration): the same form as /tenantRegister (EnterpriseRegistrationForm.tsx);
 * the enterprise waits for approval. A person's own account is registered at /register.
 */
import { EnterpriseRegistrationForm } from './EnterpriseRegistrationForm.tsx';

export default function FldRegisterPage() {
  return <EnterpriseRegistrationForm />;
}
