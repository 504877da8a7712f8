/** Shown while a lazily loaded page or the session data arrives. Plain CSS: it is on the login page's path. */
export function PageLoading() {
  return (
    <div className="mf-page-loading" role="status" aria-busy="true">
      <span className="mf-spinner" />
    </div>
  );
}
