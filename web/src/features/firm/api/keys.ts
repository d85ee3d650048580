/** The firm screen's query keys; each is a prefix under `firm`. */
export const firmKeys = {
  all: ['firm'],
  detail: ['firm', 'detail'],
  members: ['firm', 'members'],
  invitations: ['firm', 'invitations'],
  audit: ['firm', 'audit'],
  sso: ['firm', 'sso'],
  priceSharing: ['firm', 'price-sharing'],
  deletion: ['firm', 'deletion'],
} as const;
