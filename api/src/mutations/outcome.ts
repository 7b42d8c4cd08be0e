/**
 * What a mutation function returns. `applied` changed the data (or found it already so);
 * `conflict` recorded the attempt in the case history without applying it. Errors that mean
 * "this can never apply" are thrown as ApiError and become `rejected` on the sync path.
 */
export type MutationOutcome<T> = { status: 'applied'; value: T } | { status: 'conflict'; reason: string; value: T }
