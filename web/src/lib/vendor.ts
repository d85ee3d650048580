/** A vendor as every API that lists vendors returns it (the server's `VendorView`). */
export type Vendor = {
  id: number;
  name: string;
  categoryId: number;
  categoryName: string;
  websiteUrl: string | null;
  bookingUrl: string | null;
  logoUrl: string | null;
  description: string;
  shortHighlights: string[];
  integrations: string[];
  priceBracket: number | null;
  isRecommendedPartner: boolean;
  partnerLevel: string | null;
  isActive: boolean;
  /** The page the vendor's facts were checked against (absent from older answers). */
  sourceUrl?: string | null;
  /** The day they were checked, YYYY-MM-DD; null when never verified. */
  verifiedOn?: string | null;
};
