/** A ranked row of Geographic Distribution (a state, or a city of the state chosen). */
export const rowClass = 'flex items-center gap-3 px-1 py-2 text-sm';
