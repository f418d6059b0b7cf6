import { PAGE_SIZE, pageOffset } from '../../../../shared/schemas/content';

/** limit and offset of an admin list input (absent input: the first page; `cursor` from infinite queries wins over `offset`). */
export function pageOf(input?: { limit: number; offset: number; cursor?: number | null }) {
  return { limit: input?.limit ?? PAGE_SIZE.default, offset: input ? pageOffset(input) : 0 };
}
