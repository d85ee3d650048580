/** Console analytics events of SPEC section 7 (never sent anywhere). */
export function track(
  event: 'schedule_click' | 'dismiss_vendor' | 'questionnaire_open' | 'stage_open' | 'pick_for_me_click',
  data?: object,
) {
  console.info('[analytics]', event, data ?? {});
}
