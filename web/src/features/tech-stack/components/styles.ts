/** A text link of the coverage map. */
export const linkClasses = 'font-medium text-indigo-700 underline-offset-2 hover:underline';
