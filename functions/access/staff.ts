import type { Viewer } from './viewer.ts';

/**
 * Staff reports (docs/product.md, «What we measure»): only an account in `staff`, on an adult
 * profile, may read them. Everyone else gets the not-found answer, so the reports' address tells
 * a visitor nothing (docs/decisions.md, "Staff reports answer 404 to everyone else").
 */
export function canReadReports(viewer: Viewer, isStaff: boolean): boolean {
  return viewer.account !== null && !viewer.isKid && isStaff;
}

/**
 * Refunds (docs/product.md, «Money»): the same staff, on an adult profile, and nobody else; the
 * refund's address answers everyone else as if it did not exist, like the reports.
 */
export function canRefund(viewer: Viewer, isStaff: boolean): boolean {
  return viewer.account !== null && !viewer.isKid && isStaff;
}
