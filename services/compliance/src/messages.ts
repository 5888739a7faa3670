/** What a refused caller shows its end user: the one text of @svc/screening. */
export { TELL_YOUR_USER } from '@svc/screening';
