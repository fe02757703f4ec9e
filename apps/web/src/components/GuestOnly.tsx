import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useLoggedIn } from '../session/useSession';

/** A page for visitors (log in, sign up): a signed-in trader is sent to the market instead. */
export default function GuestOnly({ children }: { children: ReactNode }) {
  return useLoggedIn() ? <Navigate to="/exchange" replace /> : children;
}
