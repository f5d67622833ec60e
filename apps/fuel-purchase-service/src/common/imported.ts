import { In, type FindOptionsWhere, type Repository } from 'typeorm';

/**
 * Deletes the user's rows that one restore (issue 23) wrote and that every `unused` condition (SQL
 * on `alias`, such as "no purchase names it") still holds for, so what the user entered since keeps
 * the rows it names. Answers how many.
 */
export async function deleteImportedUnused<E extends { id: number; userId: number }>(
  table: Repository<E>,
  alias: string,
  { userId, importId }: { userId: number; importId: number },
  unused: string[],
): Promise<number> {
  const qb = table
    .createQueryBuilder(alias)
    .select(`${alias}.id`, 'id')
    .where(`${alias}.user_id = :userId AND ${alias}.import_id = :importId`, { userId, importId });
  for (const condition of unused) {
    qb.andWhere(condition);
  }
  const ids = (await qb.getRawMany<{ id: number | string }>()).map((r) => Number(r.id));
  if (ids.length > 0) {
    await table.delete({ userId, id: In(ids) } as FindOptionsWhere<E>);
  }
  return ids.length;
}
