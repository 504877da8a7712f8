/** /forget — see PasswordResetForm.tsx. */
import { PasswordResetForm } from './PasswordResetForm.tsx';

export default function ForgetPage() {
  return <PasswordResetForm kind="personal" />;
}
