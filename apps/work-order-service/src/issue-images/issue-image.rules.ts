import { ISSUE_IMAGE_LIMIT, IssueImageMessages, type IssueStatus } from '@wrenchlog/contracts';
import { conflict, validationFailed } from '@wrenchlog/platform';

/** Photos are evidence of a problem still being dealt with: open or on a work order, not once resolved or closed (409). */
export function checkTakesPhotos(status: IssueStatus): void {
  if (status !== 'open' && status !== 'in_progress') {
    throw conflict(IssueImageMessages.notOpen);
  }
}

/** An upload that would take the issue beyond ISSUE_IMAGE_LIMIT photos is refused whole (400, field images). */
export function checkRoom(current: number, adding: number): void {
  if (current + adding > ISSUE_IMAGE_LIMIT) {
    throw validationFailed(IssueImageMessages.full, [{ field: 'images', message: IssueImageMessages.full }]);
  }
}
