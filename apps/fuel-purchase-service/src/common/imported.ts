import { In, type FindOptionsWhere, type Repository } from 'typeorm';

/**
 * Deletes the account's rows that one restore (issue 23) wrote and that every `unused` condition (SQL
 * on `alias`, such as "no purchase names it") still holds for, so what members entered since keeps
 * the rows it names. Answers how many.
 */
export async function deleteImportedUnused<E extends { id: number; accountId: number }>(
  table: Repository<E>,
  alias: string,
  { accountId, importId }: { accountId: number; importId: number },
  unused: string[],
): Promise<number> {
  const qb = table
    .createQueryBuilder(alias)
    .select(`${alias}.id`, 'id')
    .where(`${alias}.account_id = :accountId AND ${alias}.import_id = :importId`, { accountId, importId });
  for (const condition of unused) {
    qb.andWhere(condition);
  }
  const ids = (await qb.getRawMany<{ id: number | string }>()).map((r) => Number(r.id));
  if (ids.length > 0) {
    await table.delete({ accountId, id: In(ids) } as FindOptionsWhere<E>);
  }
  return ids.length;
}
