/** /fldRegister — see RegistrationForm.tsx. */
import { RegistrationForm } from './RegistrationForm.tsx';

export default function FldRegisterPage() {
  return <RegistrationForm kind="fld" />;
}
