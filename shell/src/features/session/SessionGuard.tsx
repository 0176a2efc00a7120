import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { onUnauthorized, useAuthStore } from '@shop/shared';

/**
 * Spec §4/§8: a 401 on any call but login publishes the unauthorized event; the session ends (tokens cleared)
 * and the visitor goes home.
 */
export function SessionGuard() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onUnauthorized(() => {
        useAuthStore.getState().logOut();
        navigate('/', { replace: true });
      }),
    [navigate],
  );
  return null;
}
