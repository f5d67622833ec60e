import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { QueryInt } from './input.js';

/** The last page number any list takes (bounds the offset: page=1e308 made it Infinity). */
export const MAX_PAGE_NUMBER = 1_000_000;

/** The largest page any list answers. */
export const MAX_PAGE_SIZE = 100;

/** The paged reply of every list: {content, totalPages, totalElements, number, size}. */
export interface Page<T> {
  content: T[];
  totalPages: number;
  totalElements: number;
  /** The page answered, from 0. */
  number: number;
  size: number;
}

/** `page` (from 0) and `size` (1 to 100) of a paged list; each list sets its own default size. */
export class PageQuery {
  @IsOptional()
  @QueryInt()
  @IsInt({ message: 'Page must be a whole number' })
  @Min(0, { message: 'Page must be at least 0' })
  @Max(MAX_PAGE_NUMBER, { message: `Page must be at most ${MAX_PAGE_NUMBER}` })
  page?: number;

  @IsOptional()
  @QueryInt()
  @IsInt({ message: 'Size must be a whole number' })
  @Min(1, { message: 'Size must be at least 1' })
  @Max(MAX_PAGE_SIZE, { message: `Size must be at most ${MAX_PAGE_SIZE}` })
  size?: number;
}

/** Builds a page reply; an empty list still has one (empty) page, so "Page 1 of 1" reads right. */
export function pageOf<T>(content: T[], totalElements: number, number: number, size: number): Page<T> {
  return { content, totalPages: Math.max(1, Math.ceil(totalElements / size)), totalElements, number, size };
}
