/**
 * Proof that the client checks every call against the API description: each marked line must
 * NOT compile, and `npm run typecheck` fails on an unused `@ts-expect-error`, so the day the
 * client stops checking a path, a parameter or a field, the typecheck says so. Never imported
 * or run; the unmarked calls show the right form next to each wrong one.
 */
import { apiUrl, client } from '../api-client';

export function wrongCalls() {
  // A path the API does not have.
  // @ts-expect-error -- no such path
  void client.GET('/api/vendor');
  void client.GET('/api/vendors');

  // A path that has no such method.
  // @ts-expect-error -- /api/categories is read-only
  void client.DELETE('/api/categories');

  // A query parameter the endpoint does not take, and one of the wrong type.
  // @ts-expect-error -- /api/vendors has no `category` (it is `categoryIds`)
  void client.GET('/api/vendors', { params: { query: { category: '1' } } });
  // @ts-expect-error -- `page` is a number
  void client.GET('/api/vendors', { params: { query: { page: 'two' } } });
  void client.GET('/api/vendors', { params: { query: { categoryIds: '1,2', page: 2 } } });

  // A path parameter left out, and one with another name.
  // @ts-expect-error -- `params.path.vendor_id` is required
  void client.DELETE('/api/shortlist/{vendor_id}');
  // @ts-expect-error -- the parameter is `vendor_id`
  void client.DELETE('/api/shortlist/{vendor_id}', { params: { path: { vendorId: 3 } } });
  void client.DELETE('/api/shortlist/{vendor_id}', { params: { path: { vendor_id: 3 } } });

  // A body field the request does not have, and a required one left out.
  // @ts-expect-error -- SignIn has no `username`
  void client.POST('/api/auth/sign-in', { body: { username: 'ada', password: 'secret' } });
  // @ts-expect-error -- SignIn needs `password`
  void client.POST('/api/auth/sign-in', { body: { email: 'ada@lovelace.law' } });
  void client.POST('/api/auth/sign-in', { body: { email: 'ada@lovelace.law', password: 'secret' } });

  // A link's path must exist too.
  // @ts-expect-error -- no such path
  void apiUrl('/api/shortlist/brief.pdf');
  void apiUrl('/api/shortlist/brief.csv');
  // …and its query parameters.
  // @ts-expect-error -- the audit log takes `format`, not `type`
  void apiUrl('/api/firm/audit', { type: 'csv' });
  void apiUrl('/api/firm/audit', { format: 'csv' });
}

export async function wrongAnswerFields() {
  const { data } = await client.GET('/api/firm');
  // @ts-expect-error -- the firm envelope has no `company`
  void data?.company;
  void data?.firm;
}
