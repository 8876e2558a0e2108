/** Only same-site paths may be used as the post-login target (no open redirect). */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.startsWith('/login')) return fallback;
  return target;
}

export function loginPathFor(wanted: string) {
  const target = safeRedirect(wanted, '');
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}
