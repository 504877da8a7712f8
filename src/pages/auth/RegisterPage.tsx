/** /register — see RegistrationForm.tsx. */
import { RegistrationForm } from './RegistrationForm.tsx';

export default function RegisterPage() {
  return <RegistrationForm kind="personal" />;
}
