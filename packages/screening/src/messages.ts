/**
 * What a refused caller shows its end user (spec section 7: "show the user the text in
 * tell_your_user"): what happened, that it is logged, that repeated attempts suspend access, and
 * what to do instead. One text for the gateway and the compliance service.
 */
export const TELL_YOUR_USER =
  'This request was refused because it asks for protected information about the chassis (its composition, amounts, processing or equipment). ' +
  'The refusal has been logged. Repeated attempts suspend access to the service, first for an hour, then for 7 days, and then for good. ' +
  'Please continue designing your own formula instead: search ingredients, check the formula and apply its remedies.';
