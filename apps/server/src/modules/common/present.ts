/** The spec's page object, every paged list's answer: the page's rows presented, and where the page lies. */
export function presentPage<R, T>(page: { data: R[]; total: number }, paging: { page: number; limit: number }, present: (row: R) => T) {
  return {
    current_page: paging.page,
    data: page.data.map(present),
    per_page: paging.limit,
    total: page.total,
    last_page: Math.max(1, Math.ceil(page.total / paging.limit)),
  };
}
