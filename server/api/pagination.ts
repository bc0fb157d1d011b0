/** Laravel's LengthAwarePaginator answer. */
export function paginated<T>(data: T[], total: number, page: number, perPage: number) {
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  return {
    data,
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    total,
    from: data.length ? (page - 1) * perPage + 1 : null,
    to: data.length ? (page - 1) * perPage + data.length : null,
  }
}

/** An ILIKE pattern for "contains": `%`, `_` and `\` typed by the user are searched for literally. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
