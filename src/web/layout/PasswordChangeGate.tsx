import { Navigate, useLocation } from 'react-router-dom';
import { session } from '../services';
import { PASSWORD_CHANGE_PATH } from '../providers/authProvider';

/**
 * While the person still holds a one-time password, every page but the profile sends them back to it
 * (the server refuses their other calls anyway); the profile clears the mark once the password changes.
 */
export function PasswordChangeGate() {
  const { pathname } = useLocation();
  if (!session.mustChangePassword() || pathname === PASSWORD_CHANGE_PATH) return null;
  return <Navigate to={PASSWORD_CHANGE_PATH} replace />;
}
