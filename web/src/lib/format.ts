/**
 * Numbers as the product writes them everywhere: US English grouping ("36,835"), the locale of
 * every text in the app.
 */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** "1 row" / "9 rows": the count formatted, the noun agreeing with it. */
export const countOf = (n: number, singular: string, plural = `${singular}s`) =>
  `${formatCount(n)} ${n === 1 ? singular : plural}`;
