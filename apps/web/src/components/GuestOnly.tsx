import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useLoggedIn } from '../session/useSession';

/**
 * A page for visitors (log in, sign up): a signed-in trader is sent to the market instead.
 * `leaving`: the page's own sign-in ends in a full load of the market, so no client-side
 * redirect runs ahead of that load (it would show the market twice, the second load cutting
 * short whatever the trader did in between).
 */
export default function GuestOnly({ children, leaving = false }: { children: ReactNode; leaving?: boolean }) {
  return useLoggedIn() && !leaving ? <Navigate to="/exchange" replace /> : children;
}
