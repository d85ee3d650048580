/** A choice of a select or radio group: a code and the label people see for it. */
export type Option<T extends string> = { readonly value: T; readonly label: string };

/**
 * The options in the order of `labels`, which must name every code of `T` (an API enum): a code the
 * server adds fails the type check until it has a label.
 */
export function optionsOf<T extends string>(labels: Record<T, string>): ReadonlyArray<Option<T>> {
  return (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));
}

export function labelOf(options: ReadonlyArray<Option<string>>, value: string | null | undefined): string | undefined {
  return options.find((option) => option.value === value)?.label;
}
