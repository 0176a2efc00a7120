import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

interface CarriedLink {
  linkToken?: string;
  linkEmail?: string;
}

/**
 * `token` and `email` of a mail's link (password reset, e-mail verification and change). They leave the address
 * bar at once (a token left there ends up in screenshots, shared links and the history) and live on in
 * the history entry's state, so a reload of the page still has them.
 */
export function useLinkParams(): { token: string | null; email: string | null } {
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const carried = (location.state ?? {}) as CarriedLink;
  const token = search.get('token') ?? carried.linkToken ?? null;
  const email = search.get('email') ?? carried.linkEmail ?? null;
  const inAddress = search.has('token') || search.has('email');

  useEffect(() => {
    if (!inAddress) return;
    const rest = new URLSearchParams(location.search);
    rest.delete('token');
    rest.delete('email');
    const state = {
      ...(location.state as object | null),
      linkToken: token ?? undefined,
      linkEmail: email ?? undefined,
    };
    navigate({ pathname: location.pathname, search: rest.toString() ? `?${rest}` : '' }, { replace: true, state });
  }, [inAddress, location, token, email, navigate]);

  return { token, email };
}
