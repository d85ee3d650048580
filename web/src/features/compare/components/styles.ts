/** A text link of the comparison (the table's cells and the page's notes). */
export const linkClasses =
  'font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600';
