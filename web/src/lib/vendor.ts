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
};
